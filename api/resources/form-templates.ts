import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql, type Kysely } from "kysely";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  answerSchema,
  answersSheet,
  dynamicFormSchema,
  imageFieldKeys,
  summarise,
  summarySheet,
  type AnswerRow,
  type DynamicField,
} from "@contract/dynamic-form";
import { answersReply, fillableForm, FORM_RECIPIENT_ROLES, formTemplates } from "@contract/resources/form-templates";
import type { App, AppEnv, Deps } from "@api/context";
import type { Database } from "@api/db/schema";
import { nowIso } from "@api/db";
import { write } from "@api/db/audit";
import { fieldError, forbidden, langOf, notFound, ok, pathId, wholeList } from "@api/http";
import { classOfForm, jsonIds, trxOf } from "@api/daily/common";
import { FILE_OWNERS, type FileRow } from "@api/services/storage/files";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { kindergartenFilter, type Scope } from "@api/tenancy";
import { defineMapping, fieldErrors, type Item } from "./engine";
import { replyOk, runCustom } from "./custom-routes";
import { translator } from "./i18n";
import { attachment, xlsxOf } from "./spreadsheet";
import { envelope, idParam, tokenHeader } from "../routes/common";

const TEMPLATE_PAGE = "/daily/formTemplate";
const FORM_PAGE = "/daily/form";
/** The record type of the files image answers claim (files.record_type; record_id = form_answers.id). */
export const ANSWER_FILES = "formAnswers";

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
    recipientRoleIds: "ft.recipient_role_ids",
    recipientClassIds: "ft.recipient_class_ids",
    updatedAt: "ft.updated_at",
  },
  kindergartenColumn: "kindergarten_id",
  writable: {
    title: "title",
    description: "description",
    fields: "fields",
    recipientRoleIds: "recipient_role_ids",
    recipientClassIds: "recipient_class_ids",
  },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    /** Recipients: roles of /daily/form, classes of the template's kindergarten (else 422 on the field); stored sorted. */
    async beforeWrite({ w, scope }, { values, kindergartenId }) {
      const uniq = (v: unknown) => [...new Set((v as number[] | undefined) ?? [])].sort((a, b) => a - b);
      const roleIds = uniq(values.recipientRoleIds);
      const classIds = uniq(values.recipientClassIds);
      if (roleIds.some((r) => !(FORM_RECIPIENT_ROLES as readonly number[]).includes(r))) throw fieldError("recipientRoleIds", "crud:validation.choose");
      for (const id of classIds) await classOfForm(trxOf(w), scope, id, kindergartenId, "recipientClassIds");
      values.recipientRoleIds = JSON.stringify(roleIds);
      values.recipientClassIds = JSON.stringify(classIds);
    },
    decorate(_db, items: Item[]) {
      for (const it of items) {
        it.recipientRoleIds = jsonIds(it.recipientRoleIds);
        it.recipientClassIds = jsonIds(it.recipientClassIds);
        it.fields = parseFields(it.fields);
        it.fieldCount = (it.fields as DynamicField[]).length;
        it.answerCount = Number(it.answerCount ?? 0);
      }
    },
    async beforeDelete({ w, deps }, item) {
      const answers = await w.trx.selectFrom("form_answers").select("id").where("template_id", "=", item.id).execute();
      for (const a of answers) {
        // The answer's images go with it (rows and objects).
        const files = await w.trx.selectFrom("files").select("id").where("record_type", "=", ANSWER_FILES).where("record_id", "=", Number(a.id)).execute();
        for (const f of files) await deps.files.remove(w, Number(f.id));
        await w.delete("form_answers", Number(a.id));
      }
    },
  },
});

/** A template in the caller's reach, or 404 (the caller learns nothing about other kindergartens' templates). */
async function templateInScope(db: Kysely<Database>, scope: Scope, id: number) {
  const row = await db
    .selectFrom("form_templates as ft")
    .select(["ft.id", "ft.title", "ft.description", "ft.fields", "ft.kindergarten_id", "ft.recipient_role_ids", "ft.recipient_class_ids"])
    .where("ft.id", "=", id)
    .where(kindergartenFilter(scope, "ft.kindergarten_id"))
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    fields: parseFields(row.fields),
    kindergartenId: Number(row.kindergarten_id),
    recipients: recipientsOf(row),
  };
}

type Recipients = { roleIds: number[]; classIds: number[] };
const recipientsOf = (row: { recipient_role_ids: string; recipient_class_ids: string }): Recipients => ({
  roleIds: jsonIds(row.recipient_role_ids),
  classIds: jsonIds(row.recipient_class_ids),
});

/** The classes a user belongs to: his own class, the classes he teaches, his children's classes. */
async function classesOfUser(db: Kysely<Database>, userId: number): Promise<Set<number>> {
  const own = await db.selectFrom("users").select("class_id as id").where("id", "=", userId).where("class_id", "is not", null).execute();
  const taught = await db.selectFrom("class_teachers").select("class_id as id").where("user_id", "=", userId).execute();
  const children = await db
    .selectFrom("student_parents as sp")
    .innerJoin("students as s", "s.id", "sp.student_id")
    .select("s.class_id as id")
    .where("sp.parent_id", "=", userId)
    .where("s.class_id", "is not", null)
    .execute();
  return new Set([...own, ...taught, ...children].map((r) => Number(r.id)));
}

/**
 * Whether the caller is a recipient: his current role among the template's roles, and one of his classes among its
 * classes — an empty list does not narrow (a template with neither reaches everyone who may open /daily/form).
 */
const isRecipient = (scope: Scope, classes: ReadonlySet<number>, r: Recipients) =>
  (!r.roleIds.length || r.roleIds.includes(scope.roleId)) && (!r.classIds.length || r.classIds.some((id) => classes.has(id)));

/** A template the caller may fill: in reach (else 404) and addressed to him (else `refuse`). */
async function fillableTemplate(db: Kysely<Database>, scope: Scope, id: number, refuse: () => Error) {
  const tpl = await templateInScope(db, scope, id);
  if (!isRecipient(scope, await classesOfUser(db, scope.userId), tpl.recipients)) throw refuse();
  return tpl;
}

async function answerRows(db: Kysely<Database>, templateId: number, fields: readonly DynamicField[]): Promise<AnswerRow[]> {
  const rows = await db
    .selectFrom("form_answers as fa")
    .innerJoin("users as u", "u.id", "fa.user_id")
    .select(["fa.id", "fa.answers", "fa.created_at", "u.real_name"])
    .where("fa.template_id", "=", templateId)
    .orderBy("fa.id", "desc")
    .limit(10000)
    .execute();
  const list: AnswerRow[] = rows.map((r) => {
    let answers: AnswerRow["answers"] = {};
    try {
      answers = JSON.parse(r.answers);
    } catch {
      /* unreadable: empty */
    }
    return { id: Number(r.id), userName: r.real_name, createdAt: r.created_at, answers };
  });
  // Image answers: the names of the files each answer claimed (lists show the thumbnail, exports the name).
  if (imageFieldKeys(fields).length && list.length) {
    const files = await db
      .selectFrom("files")
      .select(["id", "name", "record_id"])
      .where("record_type", "=", ANSWER_FILES)
      .where(
        "record_id",
        "in",
        list.map((a) => a.id),
      )
      .execute();
    const byAnswer = new Map<number, Record<string, string>>();
    for (const f of files) {
      const m = byAnswer.get(Number(f.record_id)) ?? {};
      m[String(f.id)] = f.name;
      byAnswer.set(Number(f.record_id), m);
    }
    for (const a of list) a.files = byAnswer.get(a.id) ?? {};
  }
  return list;
}

/**
 * Who may see the image of an answer (GET files/{id}): its author, and whoever may see the template's answers — the
 * /daily/formTemplate page (role, flag) within the template's kindergarten (tenancy). Everyone else: 404.
 */
async function mayseeAnswer(deps: Deps, scope: Scope, answerId: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom("form_answers as fa")
    .innerJoin("form_templates as ft", "ft.id", "fa.template_id")
    .select(["fa.user_id", "ft.id as template_id"])
    .where("fa.id", "=", answerId)
    .executeTakeFirst();
  if (!row) return false;
  if (Number(row.user_id) === scope.userId) return true;
  if (!(await makeGuards(deps).canSeePage(scope, TEMPLATE_PAGE))) return false;
  return !!(await deps.db
    .selectFrom("form_templates as ft")
    .select("ft.id")
    .where("ft.id", "=", Number(row.template_id))
    .where(kindergartenFilter(scope, "ft.kindergarten_id"))
    .executeTakeFirst());
}

/** An image the answer may take: the submitter's own temporary upload of kind image, not yet claimed. */
const claimable = (f: FileRow | undefined, userId: number) =>
  !!f && f.kind === "image" && f.bucket === "temp" && f.record_type == null && Number(f.owner_user_id) === userId;

/**
 * The routes beyond the template CRUD:
 *   GET  daily/form_templates/{id}/answers/          the answers of a template (page /daily/formTemplate)
 *   GET  daily/form_templates/{id}/answers/export/   the same as xlsx, one column per field
 *   GET  daily/forms/                                templates the caller may fill (page /daily/form): those addressed to him
 *   GET  daily/forms/{id}/                           one template to fill (not addressed to him: 404)
 *   POST daily/forms/{id}/answers/                   submit answers (validated with the derived schema: 422 per field;
 *                                                    not addressed to him: 403)
 * The answers reply carries `summary` (contract/dynamic-form.ts summarise); the export adds it as a second sheet.
 */
export function registerFormRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage } = makeGuards(deps);
  FILE_OWNERS[ANSWER_FILES] ??= mayseeAnswer;
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
      const list = await answerRows(db, tpl.id, tpl.fields);
      return ok(c, { template: { id: tpl.id, title: tpl.title, fields: tpl.fields }, ...wholeList(list), summary: summarise(tpl.fields, list) });
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
      const rows = await answerRows(db, tpl.id, tpl.fields);
      const summary = { name: t("forms:summary.sheet"), rows: summarySheet(tpl.fields, summarise(tpl.fields, rows), lang, t) };
      const buf = await xlsxOf(tpl.title, answersSheet(tpl.fields, rows, lang, t), undefined, [summary]);
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
        .select(["ft.id", "ft.title", "ft.description", "ft.fields", "ft.recipient_role_ids", "ft.recipient_class_ids"])
        .where(kindergartenFilter(scope, "ft.kindergarten_id"))
        .orderBy("ft.updated_at", "desc")
        .limit(500)
        .execute()
        .then(async (all) => {
          const classes = await classesOfUser(db, scope.userId);
          return all.filter((r) => isRecipient(scope, classes, recipientsOf(r)));
        });
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
      return ok(c, wholeList(list));
    }),
  );

  doc("get", "/daily/forms/{id}/", "formsGet", "One form template to fill (page /daily/form)", fillableForm);
  app.get(
    "/daily/forms/:id{[0-9]+}/",
    requireAuth,
    requirePage(FORM_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const tpl = await fillableTemplate(db, scope, pathId(c), () => notFound());
      const mine = await mineOf(scope.userId, [tpl.id]);
      return ok(c, { id: tpl.id, title: tpl.title, description: tpl.description, fields: tpl.fields, mine: mine.get(tpl.id) ?? 0 });
    }),
  );

  app.openAPIRegistry.registerPath({
    method: "post",
    path: "/daily/forms/{id}/answers/",
    operationId: "formsSubmitAnswers",
    tags: ["formTemplates"],
    summary:
      "Submit answers to a form template (form-encoded, one field per key; multiple choices repeated); 422 per field, nothing stored; 403 when the template is not addressed to the caller (its recipient roles and classes)",
    description:
      "An image field takes the id of the caller's temporary image (POST files/?kind=image: JPG/PNG checked by content); saving the answer claims it (temporary → main bucket), after which GET files/{id} serves it to the author and to who may see the template's answers. A file that is not the caller's unclaimed image answers 422 on that field.",
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
      const tpl = await fillableTemplate(db, scope, pathId(c), () => forbidden("forms:errors.notRecipient"));
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
      const values = submission.value as AnswerRow["answers"];
      const id = await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        // Every image must be the submitter's unclaimed upload — all checked before any is claimed (a refusal rolls
        // the write back with no object moved).
        const images = imageFieldKeys(tpl.fields)
          .filter((key) => typeof values[key] === "number")
          .map((key) => ({ key, fileId: values[key] as number }));
        if (new Set(images.map((x) => x.fileId)).size !== images.length) throw fieldError(images[images.length - 1]!.key, "upload.notUsable");
        for (const { key, fileId } of images) {
          const f = (await w.trx.selectFrom("files").selectAll().where("id", "=", fileId).executeTakeFirst()) as FileRow | undefined;
          if (!claimable(f, scope.userId)) throw fieldError(key, "upload.notUsable");
        }
        const answerId = await w.insert("form_answers", {
          template_id: tpl.id,
          kindergarten_id: tpl.kindergartenId,
          user_id: scope.userId,
          answers: JSON.stringify(values),
          created_at: nowIso(),
        });
        for (const { key, fileId } of images)
          if (!(await deps.files.claim(w, fileId, { userId: scope.userId, recordType: ANSWER_FILES, recordId: answerId, kind: "image" })))
            throw fieldError(key, "upload.notUsable");
        return answerId;
      });
      return replyOk(c, { id }, "forms:messages.submitted");
    }),
  );
}
