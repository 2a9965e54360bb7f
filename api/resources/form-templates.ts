import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql, type Kysely } from "kysely";
import { parseWithZod } from "@conform-to/zod/v4";
import { answerSchema, answersSheet, dynamicFormSchema, type AnswerRow, type DynamicField } from "@contract/dynamic-form";
import { answersReply, fillableForm, formTemplates } from "@contract/resources/form-templates";
import type { App, AppEnv, Deps } from "@api/context";
import type { Database } from "@api/db/schema";
import { nowIso } from "@api/db";
import { write } from "@api/db/audit";
import { langOf, notFound, ok, pathId } from "@api/http";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { kindergartenFilter, type Scope } from "@api/tenancy";
import { defineMapping, fieldErrors, type Item } from "./engine";
import { replyOk, runCustom } from "./custom-routes";
import { translator } from "./i18n";
import { attachment, xlsxOf } from "./spreadsheet";
import { envelope, idParam, tokenHeader } from "../routes/common";

const TEMPLATE_PAGE = "/daily/formTemplate";
const FORM_PAGE = "/daily/form";

/** The stored description (validated when written; an unreadable one reads as no fields). */
export function parseFields(raw: unknown): DynamicField[] {
  try {
    const r = dynamicFormSchema.safeParse(typeof raw === "string" ? JSON.parse(raw) : raw);
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}

/** Form templates: table `form_templates`, kindergarten-owned; `fields` is the JSON description. */
export const formTemplatesMapping = defineMapping({
  def: formTemplates,
  table: "form_templates",
  alias: "ft",
  from: (db) => db.selectFrom("form_templates as ft"),
  columns: {
    id: "ft.id",
    title: "ft.title",
    description: "ft.description",
    fields: "ft.fields",
    fieldCount: sql`0`,
    answerCount: sql`(select count(*) from form_answers fa where fa.template_id = ft.id)`,
    kindergartenId: "ft.kindergarten_id",
    updatedAt: "ft.updated_at",
  },
  kindergartenColumn: "kindergarten_id",
  writable: { title: "title", description: "description", fields: "fields" },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    decorate(_db, items: Item[]) {
      for (const it of items) {
        it.fields = parseFields(it.fields);
        it.fieldCount = (it.fields as DynamicField[]).length;
        it.answerCount = Number(it.answerCount ?? 0);
      }
    },
    async beforeDelete({ w }, item) {
      const answers = await w.trx.selectFrom("form_answers").select("id").where("template_id", "=", item.id).execute();
      for (const a of answers) await w.delete("form_answers", Number(a.id));
    },
  },
});

/** A template in the caller's reach, or 404 (the caller learns nothing about other kindergartens' templates). */
async function templateInScope(db: Kysely<Database>, scope: Scope, id: number) {
  const row = await db
    .selectFrom("form_templates as ft")
    .select(["ft.id", "ft.title", "ft.description", "ft.fields", "ft.kindergarten_id"])
    .where("ft.id", "=", id)
    .where(kindergartenFilter(scope, "ft.kindergarten_id"))
    .executeTakeFirst();
  if (!row) throw notFound();
  return { id: Number(row.id), title: row.title, description: row.description, fields: parseFields(row.fields), kindergartenId: Number(row.kindergarten_id) };
}

async function answerRows(db: Kysely<Database>, templateId: number): Promise<AnswerRow[]> {
  const rows = await db
    .selectFrom("form_answers as fa")
    .innerJoin("users as u", "u.id", "fa.user_id")
    .select(["fa.id", "fa.answers", "fa.created_at", "u.real_name"])
    .where("fa.template_id", "=", templateId)
    .orderBy("fa.id", "desc")
    .limit(10000)
    .execute();
  return rows.map((r) => {
    let answers: AnswerRow["answers"] = {};
    try {
      answers = JSON.parse(r.answers);
    } catch {
      /* unreadable: empty */
    }
    return { id: Number(r.id), userName: r.real_name, createdAt: r.created_at, answers };
  });
}

/**
 * The routes beyond the template CRUD:
 *   GET  daily/form_templates/{id}/answers/          the answers of a template (page /daily/formTemplate)
 *   GET  daily/form_templates/{id}/answers/export/   the same as xlsx, one column per field
 *   GET  daily/forms/                                templates the caller may fill (page /daily/form)
 *   GET  daily/forms/{id}/                           one template to fill
 *   POST daily/forms/{id}/answers/                   submit answers (validated with the derived schema: 422 per field)
 */
export function registerFormRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage } = makeGuards(deps);
  const doc = (method: "get" | "post", path: string, operationId: string, summary: string, schema: z.ZodTypeAny | null, withId = true) =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      operationId,
      tags: ["formTemplates"],
      summary,
      security: tokenHeader,
      request: withId ? { params: idParam } : {},
      responses: schema
        ? { 200: { description: "code 200", content: { "application/json": { schema: envelope(schema) } } } }
        : {
            200: {
              description: "the xlsx file",
              content: { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().openapi({ format: "binary" }) } },
            },
          },
    });

  doc("get", "/daily/form_templates/{id}/answers/", "formTemplatesAnswers", "Answers of a form template (page /daily/formTemplate)", answersReply);
  app.get(
    "/daily/form_templates/:id{[0-9]+}/answers/",
    requireAuth,
    requirePage(TEMPLATE_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const tpl = await templateInScope(db, scopeOf(c), pathId(c));
      const list = await answerRows(db, tpl.id);
      return ok(c, { template: { id: tpl.id, title: tpl.title, fields: tpl.fields }, list, total: list.length });
    }),
  );

  doc(
    "get",
    "/daily/form_templates/{id}/answers/export/",
    "formTemplatesAnswersExport",
    "Answers of a form template as xlsx, one column per field (errors as JSON)",
    null,
  );
  app.get(
    "/daily/form_templates/:id{[0-9]+}/answers/export/",
    requireAuth,
    requirePage(TEMPLATE_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const tpl = await templateInScope(db, scopeOf(c), pathId(c));
      const lang = langOf(c);
      const t = translator(lang);
      const buf = await xlsxOf(tpl.title, answersSheet(tpl.fields, await answerRows(db, tpl.id), lang, t));
      return c.body(new Uint8Array(buf), 200, {
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": attachment(tpl.title, "xlsx", "form-answers"),
        "cache-control": "no-store",
      });
    }),
  );

  const mineOf = async (userId: number, ids: number[]) => {
    if (!ids.length) return new Map<number, number>();
    const rows = await db
      .selectFrom("form_answers")
      .select(["template_id", sql<number>`count(*)`.as("n")])
      .where("user_id", "=", userId)
      .where("template_id", "in", ids)
      .groupBy("template_id")
      .execute();
    return new Map(rows.map((r) => [Number(r.template_id), Number(r.n)]));
  };

  doc(
    "get",
    "/daily/forms/",
    "formsList",
    "Form templates the caller may fill (page /daily/form)",
    z.object({ list: z.array(fillableForm), total: z.number().int() }),
    false,
  );
  app.get(
    "/daily/forms/",
    requireAuth,
    requirePage(FORM_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const rows = await db
        .selectFrom("form_templates as ft")
        .select(["ft.id", "ft.title", "ft.description", "ft.fields"])
        .where(kindergartenFilter(scope, "ft.kindergarten_id"))
        .orderBy("ft.updated_at", "desc")
        .limit(500)
        .execute();
      const mine = await mineOf(
        scope.userId,
        rows.map((r) => Number(r.id)),
      );
      const list = rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        description: r.description,
        fields: parseFields(r.fields),
        mine: mine.get(Number(r.id)) ?? 0,
      }));
      return ok(c, { list, total: list.length });
    }),
  );

  doc("get", "/daily/forms/{id}/", "formsGet", "One form template to fill (page /daily/form)", fillableForm);
  app.get(
    "/daily/forms/:id{[0-9]+}/",
    requireAuth,
    requirePage(FORM_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const tpl = await templateInScope(db, scope, pathId(c));
      const mine = await mineOf(scope.userId, [tpl.id]);
      return ok(c, { id: tpl.id, title: tpl.title, description: tpl.description, fields: tpl.fields, mine: mine.get(tpl.id) ?? 0 });
    }),
  );

  app.openAPIRegistry.registerPath({
    method: "post",
    path: "/daily/forms/{id}/answers/",
    operationId: "formsSubmitAnswers",
    tags: ["formTemplates"],
    summary: "Submit answers to a form template (form-encoded, one field per key; multiple choices repeated); 422 per field, nothing stored",
    security: tokenHeader,
    request: { params: idParam, body: { required: true, content: { "application/x-www-form-urlencoded": { schema: z.record(z.string(), z.string()) } } } },
    responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(z.object({ id: z.number().int() })) } } } },
  });
  app.post(
    "/daily/forms/:id{[0-9]+}/answers/",
    requireAuth,
    requirePage(FORM_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const tpl = await templateInScope(db, scope, pathId(c));
      const body = await c.req.parseBody({ all: true });
      const params = new URLSearchParams();
      for (const [k, raw] of Object.entries(body)) for (const v of Array.isArray(raw) ? raw : [raw]) if (typeof v === "string") params.append(k, v);
      const submission = parseWithZod(params, { schema: answerSchema(tpl.fields) });
      if (submission.status !== "success") {
        const errors: Record<string, string[]> = {};
        for (const [name, list] of Object.entries((submission.error ?? {}) as Record<string, string[] | null>))
          if (list?.length) (errors[name.replace(/\[\d+\]$/, "")] ??= []).push(...list.filter((m) => !errors[name.replace(/\[\d+\]$/, "")]?.includes(m)));
        throw fieldErrors(errors);
      }
      const id = await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) =>
        w.insert("form_answers", {
          template_id: tpl.id,
          kindergarten_id: tpl.kindergartenId,
          user_id: scope.userId,
          answers: JSON.stringify(submission.value),
          created_at: nowIso(),
        }),
      );
      return replyOk(c, { id }, "forms:messages.submitted");
    }),
  );
}
