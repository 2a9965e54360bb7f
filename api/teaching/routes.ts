import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql, type Kysely } from "kysely";
import { parseWithZod } from "@conform-to/zod/v4";
import { commentRateOf, commentRateReport } from "@contract/entities/teaching-comment-rate";
import { evaluationForm, homeworkSubmissionForm, homeworks, observations, courseRecords } from "@contract/resources/teaching";
import { Role } from "@contract/roles";
import type { App, AppEnv, Deps } from "@api/context";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { nowIso } from "@api/db";
import { write } from "@api/db/audit";
import type { Database } from "@api/db/schema";
import { ApiError, fieldError, forbidden, langOf, notFound, ok, pathId, run, wholeList } from "@api/http";
import { registerReport, reportKindergartens } from "@api/reports";
import { FILE_OWNERS } from "@api/services/storage/files";
import { classFilter, kindergartenFilter, studentFilter, type Scope } from "@api/tenancy";
import { fieldErrors } from "@api/resources/engine";
import { envelope, tokenHeader } from "@api/routes/common";
import { TEACHING_FILE_OWNERS, boundTeacherFilter } from "./mappings";
import { startSeedFiles } from "./samples";
import { imageIds, takeImages } from "./files";
import { MAX_IMAGES } from "@contract/files";
import { addDays, todayCn } from "@contract/school-time";

const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "1" }) });

/** The form's messages as the engine's 422 (keys translated by the error handler). */
function parseOr422<S extends z.ZodTypeAny>(schema: S, body: Record<string, unknown>, lists: string[] = []): z.infer<S> {
  const fd = new FormData();
  for (const [k, raw] of Object.entries(body))
    for (const v of Array.isArray(raw) ? raw : [raw])
      if (typeof v === "string")
        for (const part of lists.includes(k)
          ? v
              .split(",")
              .map((x) => x.trim())
              .filter(Boolean)
          : [v])
          fd.append(k, part);
  const sub = parseWithZod(fd, { schema });
  if (sub.status !== "success") {
    const errors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(sub.error ?? {})) if (v?.length) errors[k] = v;
    throw fieldErrors(errors);
  }
  return sub.value as z.infer<S>;
}

/**
 * The Teaching section's routes beyond its resources (docs/sections/teaching.md):
 *   POST teaching/{observations|course_records}/{id}/grade/   the bound expert's grade (then the record action `evaluate`)
 *   GET  teaching/homeworks/{id}/submissions/                 every child of the class: done / not done, the parent's text and images
 *   POST home/homeworks/{id}/submissions/                     a parent (role 4) submits for his child (the parents' app)
 *   GET  teaching/expert_comment_rate/ (+ export/)            the expert comment rate report (page /teaching/ExpertComment)
 * and who may open the files of each teaching record (FILE_OWNERS): whoever may see the record (page, role, tenancy).
 */
export function registerTeachingRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, mayUse, assertPage } = makeGuards(deps);
  // The demo data's sample files (rows written by the seeds of every section) get their objects in the configured storage.
  void startSeedFiles(deps);

  // Owner checks are registered once per process: they use the deps they are called with (`d`), never this API's.
  for (const o of TEACHING_FILE_OWNERS) {
    FILE_OWNERS[o.table] ??= async (d, scope, id) =>
      (await makeGuards(d).mayUse(scope, o.def, "view")) &&
      !!(await (d.db as unknown as Kysely<Database>)
        .selectFrom(`${o.table} as ${o.alias}` as "observations as r")
        .select(sql`1`.as("one"))
        .where((eb) =>
          o.table === "training_materials"
            ? eb.or([eb(sql.ref("tm.id"), "=", id), eb(sql.ref("tm.source_id"), "=", id)])
            : eb(sql.ref(`${o.alias}.id`), "=", id),
        )
        .where(o.scope(scope))
        .executeTakeFirst());
  }
  // A homework submission's images: the parent who sent it and whoever may see the homework.
  FILE_OWNERS.homework_submissions ??= async (d, scope, id) => {
    const s = await d.db.selectFrom("homework_submissions").select(["parent_id", "homework_id"]).where("id", "=", id).executeTakeFirst();
    if (!s) return false;
    if (Number(s.parent_id) === scope.userId) return true;
    if (!(await makeGuards(d).mayUse(scope, homeworks, "view"))) return false;
    return !!(await d.db
      .selectFrom("homeworks as h")
      .select("h.id")
      .where("h.id", "=", Number(s.homework_id))
      .where(kindergartenFilter(scope, "h.kindergarten_id"))
      .executeTakeFirst());
  };

  // ---- the expert's grade ----
  for (const [def, table] of [
    [observations, "observations"],
    [courseRecords, "course_records"],
  ] as const) {
    app.openAPIRegistry.registerPath({
      method: "post",
      path: `/teaching/${table}/{id}/grade/`,
      operationId: `${def.name}Grade`,
      tags: [def.name],
      summary: "The bound expert's grade and comment of a record to be evaluated (role 2); then POST …/evaluate/ with the comment",
      security: tokenHeader,
      request: {
        params: idParam,
        body: { content: { "application/x-www-form-urlencoded": { schema: z.object({ grade: z.string(), comment: z.string().optional() }) } } },
      },
      responses: {
        200: { description: "code 200", content: { "application/json": { schema: envelope(z.object({ id: z.number().int(), grade: z.string() })) } } },
      },
    });
    app.post(
      `/teaching/${table}/:id{[0-9]+}/grade/`,
      requireAuth,
      run(async (c: Context<AppEnv>) => {
        const scope = scopeOf(c);
        await assertPage(scope, def.page);
        if (scope.roleId !== Role.expert) throw forbidden();
        const id = pathId(c);
        const body = (await c.req.parseBody()) as Record<string, unknown>;
        const form = parseOr422(evaluationForm.pick({ grade: true }), body);
        await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
          const trx = w.trx as unknown as Kysely<Database>;
          const row = await trx
            .selectFrom(`${table} as r`)
            .select(["r.id", "r.status"])
            .where("r.id", "=", id)
            .where(kindergartenFilter(scope, "r.kindergarten_id"))
            .where(boundTeacherFilter(scope, "r.teacher_id"))
            .executeTakeFirst();
          if (!row) throw notFound();
          if (row.status !== "toEvaluate") throw new ApiError(409, "teaching:errors.notToEvaluate");
          await w.update(table, id, { grade: form.grade } as never, "grade");
        });
        return ok(c, { id, grade: form.grade }, "teaching:messages.graded");
      }),
    );
  }

  // ---- homework submissions ----
  const submissionItem = z.object({
    studentId: z.number().int(),
    studentName: z.string(),
    done: z.boolean(),
    content: z.string().nullable(),
    imageFileIds: z.array(z.number().int()),
    submittedAt: z.string().nullable(),
    parentName: z.string().nullable(),
  });
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/teaching/homeworks/{id}/submissions/",
    operationId: "homeworksSubmissions",
    tags: ["homeworks"],
    summary: "Every child of the homework's class with done / not done and the parent's submission (page /teaching/homeworks)",
    security: tokenHeader,
    request: { params: idParam },
    responses: {
      200: {
        description: "code 200",
        content: { "application/json": { schema: envelope(z.object({ list: z.array(submissionItem), total: z.number().int(), done: z.number().int() })) } },
      },
    },
  });
  app.get(
    "/teaching/homeworks/:id{[0-9]+}/submissions/",
    requireAuth,
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      if (!(await mayUse(scope, homeworks, "view"))) throw forbidden();
      const h = await homeworkInReach(db, scope, pathId(c));
      const rows = await db
        .selectFrom("students as s")
        .leftJoin("homework_submissions as hs", (j) => j.onRef("hs.student_id", "=", "s.id").on("hs.homework_id", "=", h.id))
        .leftJoin("users as p", "p.id", "hs.parent_id")
        .select(["s.id", "s.name", "hs.id as sid", "hs.content", "hs.image_file_ids", "hs.submitted_at", "p.real_name"])
        .where("s.class_id", "=", Number(h.class_id))
        .where("s.status", "=", "at_school")
        .orderBy("s.name")
        .orderBy("s.id")
        .execute();
      const list = rows.map((r) => ({
        studentId: Number(r.id),
        studentName: r.name,
        done: r.sid != null,
        content: r.content ?? null,
        imageFileIds: imageIds(r.image_file_ids),
        submittedAt: r.submitted_at ?? null,
        parentName: r.real_name ?? null,
      }));
      return ok(c, { ...wholeList(list), done: list.filter((x) => x.done).length });
    }),
  );

  app.openAPIRegistry.registerPath({
    method: "post",
    path: "/home/homeworks/{id}/submissions/",
    operationId: "homeworksSubmit",
    tags: ["homeworks"],
    summary: "A parent (role 4) submits the homework for his child (text and up to 9 images, imageFileIds repeated or comma-separated; the parents' app)",
    security: tokenHeader,
    request: {
      params: idParam,
      body: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: z.object({ studentId: z.string(), content: z.string().optional(), imageFileIds: z.array(z.string()).optional() }),
          },
        },
      },
    },
    responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(z.object({ id: z.number().int() })) } } } },
  });
  // Under home/ (the parents' app), not under the homework page's endpoint: parents are no role of that page.
  app.post(
    "/home/homeworks/:id{[0-9]+}/submissions/",
    requireAuth,
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      if (scope.roleId !== Role.parent) throw forbidden();
      const flags = await db
        .selectFrom("optional_functions")
        .select("isHideHomework")
        .where("kindergarten_id", "=", scope.kindergartenId ?? -1)
        .executeTakeFirst();
      if (Number(flags?.isHideHomework ?? 0) === 1) throw forbidden();
      const id = pathId(c);
      const form = parseOr422(homeworkSubmissionForm, (await c.req.parseBody({ all: true })) as Record<string, unknown>, ["imageFileIds"]);
      if (!form.content && !form.imageFileIds.length) throw fieldError("content", "teaching:errors.submissionEmpty");
      const sid = await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        const trx = w.trx as unknown as Kysely<Database>;
        const h = await trx
          .selectFrom("homeworks as h")
          .select(["h.id", "h.class_id"])
          .where("h.id", "=", id)
          .where(kindergartenFilter(scope, "h.kindergarten_id"))
          .where(classFilter(scope, "h.class_id"))
          .executeTakeFirst();
        if (!h) throw notFound();
        const st = await trx
          .selectFrom("students")
          .select(["id", "class_id"])
          .where("id", "=", form.studentId)
          .where(studentFilter(scope, "students.id"))
          .executeTakeFirst();
        if (!st || Number(st.class_id) !== Number(h.class_id)) throw fieldError("studentId", "teaching:errors.studentNotInClass");
        const before = await trx
          .selectFrom("homework_submissions")
          .select(["id", "image_file_ids"])
          .where("homework_id", "=", id)
          .where("student_id", "=", form.studentId)
          .executeTakeFirst();
        let subId: number;
        if (before) {
          subId = Number(before.id);
          await w.update(
            "homework_submissions",
            subId,
            { content: form.content ?? null, parent_id: scope.userId, submitted_at: nowIso() } as never,
            "resubmit",
          );
        } else
          subId = await w.insert("homework_submissions", {
            homework_id: id,
            student_id: form.studentId,
            parent_id: scope.userId,
            content: form.content ?? null,
            submitted_at: nowIso(),
          } as never);
        const images = await takeImages(
          { w, scope, lang: langOf(c), deps },
          {
            field: "imageFileIds",
            recordType: "homework_submissions",
            id: subId,
            value: form.imageFileIds,
            old: before?.image_file_ids,
            kindergartenId: scope.kindergartenId,
            max: MAX_IMAGES,
          },
        );
        await w.update("homework_submissions", subId, { image_file_ids: images } as never, "images");
        return subId;
      });
      return ok(c, { id: sid }, "teaching:messages.homeworkSubmitted");
    }),
  );

  // ---- the expert comment rate ----
  registerReport(app, deps, commentRateReport, async ({ scope }, params) => {
    const kg = (col: string) => reportKindergartens(scope, col);
    // Default period: the 30 days ending at the latest submission in reach (never after today), else today.
    const today = todayCn();
    let to = (params.dateTo as string | null) ?? null;
    if (!to) {
      const last = await Promise.all(
        (["observations", "course_records"] as const).map((table) =>
          db
            .selectFrom(`${table} as r`)
            .select(sql<string | null>`max(r.submitted_at)`.as("d"))
            .where(kg("r.kindergarten_id"))
            .where("r.submitted_at", "<=", `${today}T23:59:59.999Z`)
            .executeTakeFirst(),
        ),
      );
      to =
        last
          .map((r) => r?.d?.slice(0, 10) ?? "")
          .sort()
          .pop() || today;
    }
    const from = (params.dateFrom as string | null) ?? addDays(to, -29);
    if (from > to) throw fieldErrors({ dateFrom: ["teaching:errors.periodOrder"] });
    const records = (table: "observations" | "course_records") =>
      db
        .selectFrom(`${table} as r`)
        .select(["r.teacher_id", sql<string>`r.status`.as("status")])
        .where(kg("r.kindergarten_id"))
        .where("r.status", "!=", "draft")
        .where("r.submitted_at", ">=", `${from}T00:00:00`)
        .where("r.submitted_at", "<=", `${to}T23:59:59.999Z`);
    const rows = [...(await records("observations").execute()), ...(await records("course_records").execute())];
    const byTeacher = new Map<number, { submitted: number; evaluated: number }>();
    for (const r of rows) {
      const t = byTeacher.get(Number(r.teacher_id)) ?? { submitted: 0, evaluated: 0 };
      t.submitted++;
      if (r.status === "evaluated") t.evaluated++;
      byTeacher.set(Number(r.teacher_id), t);
    }
    const bindings = await db
      .selectFrom("expert_teachers as et")
      .innerJoin("users as e", "e.id", "et.expert_id")
      .innerJoin("users as t", "t.id", "et.teacher_id")
      .select(["et.expert_id", "et.teacher_id", "e.real_name as expertName", "t.real_name as teacherName"])
      .where(kg("t.kindergarten_id"))
      .orderBy("e.real_name")
      .orderBy("t.real_name")
      .execute();
    const experts = new Map<number, { id: number; name: string; teachers: number; submitted: number; evaluated: number }>();
    const teachers: { id: number; name: string; expertName: string; submitted: number; evaluated: number; rate: number | null }[] = [];
    for (const b of bindings) {
      const t = byTeacher.get(Number(b.teacher_id)) ?? { submitted: 0, evaluated: 0 };
      const e = experts.get(Number(b.expert_id)) ?? { id: Number(b.expert_id), name: b.expertName, teachers: 0, submitted: 0, evaluated: 0 };
      e.teachers++;
      e.submitted += t.submitted;
      e.evaluated += t.evaluated;
      experts.set(e.id, e);
      teachers.push({ id: Number(b.teacher_id), name: b.teacherName, expertName: b.expertName, ...t, rate: commentRateOf(t.evaluated, t.submitted) });
    }
    return { from, to, experts: [...experts.values()].map((e) => ({ ...e, rate: commentRateOf(e.evaluated, e.submitted) })), teachers };
  });
}

async function homeworkInReach(db: Kysely<Database>, scope: Scope, id: number) {
  let qb = db.selectFrom("homeworks as h").select(["h.id", "h.class_id"]).where("h.id", "=", id).where(kindergartenFilter(scope, "h.kindergarten_id"));
  if (scope.roleId === Role.teacher) qb = qb.where((eb) => eb.or([eb("h.author_id", "=", scope.userId), classFilter(scope, "h.class_id")]));
  const h = await qb.executeTakeFirst();
  if (!h) throw notFound();
  return h;
}
