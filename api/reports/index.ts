/**
 * Reports on the API side: from a definition (contract/report.ts) and its query, the routes
 *   GET <endpoint>          the reply as JSON ({code, msg, data}; parameters validated, 422 per parameter)
 *   GET <endpoint>export/   the same figures as an xlsx sheet (through api/resources/spreadsheet.ts, which
 *                           neutralises formula cells), every section as title, header and rows
 * Both answer exactly who the report's page answers (the route tree's roles and optional-function flags: 403);
 * the query gets the caller's scope and must narrow every read through api/tenancy (`reportKindergartens`).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql, type Expression, type SqlBool } from "kysely";
import { parseReportParams, reportSheet, type ReportDefinition, type ReportParam, type ReportParams } from "@contract/report";
import type { App, AppEnv, Deps } from "@api/context";
import { langOf, ok } from "@api/http";
import type { Lang } from "@api/i18n";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { groupFilter, kindergartenFilter, type Scope } from "@api/tenancy";
import { fieldErrors } from "@api/resources/engine";
import { runCustom } from "@api/resources/custom-routes";
import { rt, translator } from "@api/resources/i18n";
import { attachment, xlsxOf } from "@api/resources/spreadsheet";
import { envelope, tokenHeader } from "../routes/common";

export interface ReportContext {
  deps: Deps;
  scope: Scope;
  lang: Lang;
}

export type ReportQuery<S extends z.ZodType> = (ctx: ReportContext, params: ReportParams) => Promise<z.infer<S>>;

/**
 * The tenancy condition of a kindergarten column for reports: the caller's reach (api/tenancy's kindergarten
 * and group filters), narrowed to the `group` and `kindergarten` parameters when given.
 */
export function reportKindergartens(scope: Scope, col: string, narrow: { groupId?: number | null; kindergartenId?: number | null } = {}): Expression<SqlBool> {
  const parts = [
    kindergartenFilter(scope, col),
    sql<SqlBool>`${sql.ref(col)} in (select k_g.id from kindergartens k_g where ${groupFilter(scope, "k_g.education_group_id")})`,
  ];
  if (narrow.groupId != null)
    parts.push(sql<SqlBool>`${sql.ref(col)} in (select k_f.id from kindergartens k_f where k_f.education_group_id = ${narrow.groupId})`);
  if (narrow.kindergartenId != null) parts.push(sql<SqlBool>`${sql.ref(col)} = ${narrow.kindergartenId}`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Registers `GET <endpoint>` and `GET <endpoint>export/` of one report (both documented in /openapi.json). */
export function registerReport<S extends z.ZodType>(app: App, deps: Deps, def: ReportDefinition<S>, query: ReportQuery<S>) {
  const { requireAuth, assertPage } = makeGuards(deps);
  const base = "/" + def.endpoint.replace(/^\/+/, "").replace(/\/?$/, "/");
  const zhTitle = rt("zh", def.title);
  // The parameters as contract/report.ts PARAM_SCHEMA reads them (ids are integers; another value is a 422).
  const paramDoc = {
    group: () => z.number().int().min(1).optional(),
    kindergarten: () => z.number().int().min(1).optional(),
    date: () => z.string().optional().openapi({ format: "date", example: "2026-03-02" }),
    period: () =>
      z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
        .optional()
        .openapi({ example: "2026-03" }),
  } as const;
  // A parameter's older name (contract/report-view.ts `alias`) is documented beside it, deprecated.
  const aliasDoc = (p: ReportParam) =>
    paramDoc[p.kind]().openapi({
      param: {
        deprecated: true,
        description: `Deprecated alias of ${p.name} (its name before the <field>From/<field>To convention), still accepted; ${p.name} wins when both are sent, and errors name ${p.name}.`,
      },
    });
  const queryDoc = z.object(
    Object.fromEntries(def.params.flatMap((p) => [[p.name, paramDoc[p.kind]()] as const, ...(p.alias ? [[p.alias, aliasDoc(p)] as const] : [])])),
  );

  async function run(c: Context<AppEnv>) {
    const scope = scopeOf(c);
    await assertPage(scope, def.page);
    const parsed = parseReportParams(def, new URL(c.req.url).searchParams);
    if (!parsed.ok) throw fieldErrors(parsed.errors);
    const lang = langOf(c);
    return { lang, data: await query({ deps, scope, lang }, parsed.params) };
  }

  app.openAPIRegistry.registerPath({
    method: "get",
    path: base,
    operationId: `${def.id}Report`,
    tags: ["reports"],
    summary: `${zhTitle} (report ${def.id}, page ${def.page})`,
    security: tokenHeader,
    request: { query: queryDoc },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(def.data as any) } } } },
  });
  app.get(
    base,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => ok(c, (await run(c)).data)),
  );

  app.openAPIRegistry.registerPath({
    method: "get",
    path: `${base}export/`,
    operationId: `${def.id}ReportExport`,
    tags: ["reports"],
    summary: `${zhTitle}: the figures as xlsx (file download; errors as JSON)`,
    security: tokenHeader,
    request: { query: queryDoc },
    responses: {
      200: {
        description: "the xlsx file",
        content: { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().openapi({ format: "binary" }) } },
      },
    },
  });
  app.get(
    `${base}export/`,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const { lang, data } = await run(c);
      const t = translator(lang);
      const title = t(def.title);
      const buf = await xlsxOf(title, reportSheet(def, data, lang, t));
      return c.body(new Uint8Array(buf), 200, {
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": attachment(title, "xlsx", def.fileName),
        "cache-control": "no-store",
      });
    }),
  );
}
