import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql } from "kysely";
import { FLAGS, HIDE_FLAGS, optionalFunctionSchema, SHOW_FLAGS } from "@contract/optional-function";
import { can } from "@contract/resource";
import { optionalFunctionItem, optionalFunctions } from "@contract/resources/optional-functions";
import type { App, AppEnv, Deps } from "@api/context";
import { write } from "@api/db/audit";
import { forbidden, notFound, pathId, wholeList } from "@api/http";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { loadOptionalFunction } from "@api/auth/user-info";
import { assertInScope, groupFilter, kindergartenFilter } from "@api/tenancy";
import { envelope, idParam, tokenHeader } from "../routes/common";
import { fieldErrors } from "./engine";
import { parseBodyWith, replyOk, runCustom } from "./custom-routes";

const summary = z.object({
  kindergartenId: z.number().int(),
  kindergartenName: z.string(),
  groupName: z.string(),
  showOn: z.number().int(),
  hideOn: z.number().int(),
});

/**
 * The per-kindergarten optional functions (page /kindergarten/optionalFunction, super admin):
 *   GET kindergartens/optional_functions/?educationGroupId=  the kindergartens in reach with how many flags are on
 *   GET kindergartens/{id}/optional_function/                every flag and further setting
 *   PUT kindergartens/{id}/optional_function/                the whole form (unticked = false), audited
 * The API computes each user's optionalFunction from this row on every request (token/info, page
 * guards), so a change applies to that kindergarten's users at their next request.
 */
export function registerOptionalFunctionRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, assertPage } = makeGuards(deps);
  const def = optionalFunctions;

  async function guard(c: Context<AppEnv>, action: "view" | "change") {
    const scope = scopeOf(c);
    await assertPage(scope, def.page);
    if (!can(def, action, scope.roleId)) throw forbidden();
    return scope;
  }

  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/kindergartens/optional_functions/",
    tags: ["optionalFunctions"],
    summary: "Kindergartens with the number of show/hide flags switched on (可选功能, page /kindergarten/optionalFunction)",
    security: tokenHeader,
    request: { query: z.object({ educationGroupId: z.number().int().min(1).optional() }) },
    responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(z.object({ list: z.array(summary) })) } } } },
  });
  app.get(
    "/kindergartens/optional_functions/",
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await guard(c, "view");
      const groupParam = c.req.query("educationGroupId") || "";
      if (groupParam && !/^\d{1,9}$/.test(groupParam)) throw fieldErrors({ educationGroupId: ["crud:validation.integer"] });
      const group = Number(groupParam);
      const onCount = (flags: readonly string[]) =>
        sql<number>`(${sql.join(
          flags.map((f) => sql`coalesce(${sql.ref("o." + f)}, 0)`),
          sql` + `,
        )})`;
      let q = db
        .selectFrom("kindergartens as k")
        .innerJoin("education_groups as g", "g.id", "k.education_group_id")
        .leftJoin("optional_functions as o", "o.kindergarten_id", "k.id")
        .select(["k.id", "k.name", "g.name as groupName", onCount(SHOW_FLAGS).as("showOn"), onCount(HIDE_FLAGS).as("hideOn")])
        .where(kindergartenFilter(scope, "k.id"))
        .where(groupFilter(scope, "k.education_group_id"));
      if (Number.isInteger(group) && group > 0) q = q.where("k.education_group_id", "=", group);
      const rows = await q.orderBy("k.id").execute();
      const list = rows.map((r) => ({
        kindergartenId: Number(r.id),
        kindergartenName: r.name,
        groupName: r.groupName,
        showOn: Number(r.showOn),
        hideOn: Number(r.hideOn),
      }));
      return replyOk(c, wholeList(list), "ok");
    }),
  );

  const path = "/kindergartens/{id}/optional_function/";
  const idPath = "/kindergartens/:id{[0-9]+}/optional_function/";
  app.openAPIRegistry.registerPath({
    method: "get",
    path,
    tags: ["optionalFunctions"],
    summary: "Every optional-function flag and setting of a kindergarten",
    security: tokenHeader,
    request: { params: idParam },
    responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(optionalFunctionItem) } } } },
  });
  app.get(
    idPath,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await guard(c, "view");
      const kg = await assertInScope.kindergarten(db, scope, pathId(c));
      const of = await loadOptionalFunction(db, Number(kg.id));
      return replyOk(c, { ...of, kindergartenId: Number(kg.id), kindergartenName: kg.name }, "ok");
    }),
  );

  app.openAPIRegistry.registerPath({
    method: "put",
    path,
    tags: ["optionalFunctions"],
    summary: "Change every optional-function flag and setting of a kindergarten (form-encoded; an absent flag is false)",
    security: tokenHeader,
    request: { params: idParam, body: { required: true, content: { "application/x-www-form-urlencoded": { schema: def.form } } } },
    responses: { 200: { description: "code 200; 422 data.errors per field", content: { "application/json": { schema: envelope(optionalFunctionItem) } } } },
  });
  app.put(
    idPath,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await guard(c, "change");
      const id = pathId(c);
      const kg = await assertInScope.kindergarten(db, scope, id);
      const parsed = optionalFunctionSchema.safeParse(await parseBodyWith(c, def));
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const i of parsed.error.issues) (errors[String(i.path[0] ?? "_")] ??= []).push("crud:validation.invalid");
        throw fieldErrors(errors);
      }
      const v = parsed.data;
      const row: Record<string, number> = {};
      for (const f of FLAGS) row[f] = v[f] ? 1 : 0;
      row.isUploadOriginalImage = v.isUploadOriginalImage ? 1 : 0;
      row.isShowMonitoring = v.isShowMonitoring ? 1 : 0;
      row.isShowObservationAnalysis = v.isShowObservationAnalysis ? 1 : 0;
      row.teachingRecordLimit = v.teachingRecordLimit;
      row.classCirclePostLimit = v.classCirclePostLimit;
      row.videoLengthSeconds = v.videoLengthSeconds;
      row.assistantSessionCount = v.assistantSessionCount;
      await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        const existing = await w.trx.selectFrom("optional_functions").select("id").where("kindergarten_id", "=", id).executeTakeFirst();
        if (existing) await w.update("optional_functions", Number(existing.id), row as never);
        else await w.insert("optional_functions", { ...row, kindergarten_id: id } as never);
      });
      const of = await loadOptionalFunction(db, id);
      if (!of) throw notFound();
      return replyOk(c, { ...of, kindergartenId: id, kindergartenName: kg.name }, "kgmgmt:optionalFunctions.messages.changed", { name: kg.name });
    }),
  );
}
