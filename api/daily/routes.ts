import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql } from "kysely";
import { Role } from "@contract/roles";
import { dailyUpdates, epidemicRollupReport } from "@contract/daily/endpoints";
import { nurseryRecords, MEALS, MOODS } from "@contract/resources/daily-nursery";
import { addDays, mondayOf, todayCn } from "@contract/daily/time";
import type { App, AppEnv, Deps } from "@api/context";
import { nowIso } from "@api/db";
import { write } from "@api/db/audit";
import { fieldError, forbidden, langOf, notFound, ok, pathId, run, wholeList } from "@api/http";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { classFilter, studentFilter, type Scope } from "@api/tenancy";
import { registerReport, reportKindergartens } from "@api/reports";
import { attentionFor } from "@api/home/attention";
import { fieldErrors } from "@api/resources/engine";
import { schemaMessage } from "@api/resources/engine/forms";
import { envelope, idParam, tokenHeader } from "@api/routes/common";
import { replyOk } from "@api/resources/custom-routes";
import { noticeScope, normaliseSlots } from "@api/resources/daily";
import { registerFileOwner, type Trx } from "./common";

const NOTICE_PAGE = "/daily/notice";
const CIRCLE_PAGE = "/daily/classCircle";
const EPIDEMIC_PAGE = "/daily/epidemic";
const NURSERY_PAGE = "/daily/nursery";
const UPDATES_PAGE = dailyUpdates.page;
const MODERATORS: number[] = [Role.principal, Role.teacher];

const reply = <T extends z.ZodTypeAny>(schema: T) => ({ 200: { description: "code 200", content: { "application/json": { schema: envelope(schema) } } } });
const commentSchema = z.object({ id: z.number().int(), userName: z.string(), content: z.string(), status: z.string(), createdAt: z.string() });
const formDoc = (shape: Record<string, z.ZodTypeAny>) => ({
  body: { content: { "application/x-www-form-urlencoded": { schema: z.object(shape) } } },
});

const commentText = (raw: unknown) => {
  const s = typeof raw === "string" ? raw.trim() : "";
  if (!s) throw fieldError("content", "daily:classCircle.commentRequired");
  if (s.length > 500) throw fieldError("content", "crud:validation.tooLong", { max: 500 });
  return s;
};

async function commentsOf(db: Trx, postId: number, visibleOnly: boolean) {
  let q = db
    .selectFrom("class_circle_comments as cc")
    .innerJoin("users as u", "u.id", "cc.user_id")
    .select(["cc.id", "u.real_name", "cc.content", "cc.status", "cc.created_at"])
    .where("cc.post_id", "=", postId);
  if (visibleOnly) q = q.where("cc.status", "=", "visible");
  const rows = await q.orderBy("cc.created_at").orderBy("cc.id").execute();
  return rows.map((r) => ({ id: Number(r.id), userName: r.real_name, content: r.content, status: r.status, createdAt: r.created_at }));
}

/** Posts a parent reaches: visible posts of his children's classes (api/tenancy classFilter). */
const parentPosts = (db: Trx, scope: Scope) =>
  db
    .selectFrom("class_circle_posts as p")
    .innerJoin("classes as c", "c.id", "p.class_id")
    .where("p.status", "=", "visible")
    .where(classFilter(scope, "p.class_id"));

// The photo of a post the updates page shows (a parent's class circle) opens for whoever it shows it to: a parent may
// not open /daily/classCircle, whose rule alone would refuse him the photo (a broken image on his updates page).
registerFileOwner("classCircle", UPDATES_PAGE, async (db, scope, id) =>
  Boolean(await parentPosts(db, scope).select("p.id").where("p.id", "=", id).executeTakeFirst()),
);

/**
 * The Daily section's endpoints beyond its resources:
 *   POST daily/notices/{id}/read/                 the caller read a notice addressed to him (read receipt)
 *   GET  daily/notices/{id}/reads/                who has read it (the author's side: principal, teacher)
 *   GET  daily/class_circle/{id}/comments/        a post's comments (moderators see hidden ones too)
 *   POST daily/class_circle/comments/{id}/hide/   hide a comment; DELETE daily/class_circle/comments/{id}/ delete it
 *   GET  daily/health_reports/missing/?date=      classes of the caller's kindergarten without that day's report
 *   GET  daily/health_rollup/ (+ export/)         the roll-up report (epidemicRollupReport)
 *   GET|POST daily/nursery/sheet/?classId&date    the class day sheet; GET daily/nursery/week/?studentId&date a child's week
 *   GET  daily/updates/                           what is due (the Home registry) and what happened, per role
 *   GET  daily/updates/posts/, POST daily/updates/posts/{id}/comments/   the parents' class circle and their comments
 */
export function registerDailyRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage, canSeePage } = makeGuards(deps);
  const doc = (
    method: "get" | "post" | "delete",
    path: string,
    operationId: string,
    summary: string,
    schema: z.ZodTypeAny,
    extra: Record<string, unknown> = {},
  ) =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      operationId,
      tags: ["daily"],
      summary,
      security: tokenHeader,
      request: { ...extra },
      responses: reply(schema),
    });

  // ---- notices: read receipts ----
  doc("post", "/daily/notices/{id}/read/", "noticesMarkRead", "Marks a published notice addressed to the caller as read", z.object({ read: z.boolean() }), {
    params: idParam,
  });
  app.post(
    "/daily/notices/:id{[0-9]+}/read/",
    requireAuth,
    requirePage(NOTICE_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const id = pathId(c);
      const n = await db.selectFrom("notices as n").select("n.id").where("n.id", "=", id).where(noticeScope(scope)).executeTakeFirst();
      if (!n) throw notFound();
      const r = await db
        .updateTable("notice_recipients")
        .set({ read_at: nowIso() })
        .where("notice_id", "=", id)
        .where("user_id", "=", scope.userId)
        .where("read_at", "is", null)
        .executeTakeFirst();
      return ok(c, { read: Number(r.numUpdatedRows) > 0 });
    }),
  );
  const readerSchema = z.object({ userId: z.number().int(), name: z.string(), roleIds: z.array(z.number().int()), readAt: z.string().nullable() });
  doc(
    "get",
    "/daily/notices/{id}/reads/",
    "noticesReads",
    "Who has read a published notice (its recipients with their read time)",
    z.object({ list: z.array(readerSchema), total: z.number().int(), read: z.number().int() }),
    {
      params: idParam,
    },
  );
  app.get(
    "/daily/notices/:id{[0-9]+}/reads/",
    requireAuth,
    requirePage(NOTICE_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const id = pathId(c);
      const n = await db.selectFrom("notices as n").select(["n.id", "n.created_by"]).where("n.id", "=", id).where(noticeScope(scope)).executeTakeFirst();
      if (!n) throw notFound();
      if (scope.roleId !== Role.principal && !(scope.roleId === Role.teacher && Number(n.created_by) === scope.userId)) throw forbidden();
      const rows = await db
        .selectFrom("notice_recipients as r")
        .innerJoin("users as u", "u.id", "r.user_id")
        .select(["u.id", "u.real_name", "r.read_at"])
        .where("r.notice_id", "=", id)
        .orderBy(sql`r.read_at is null`)
        .orderBy("r.read_at")
        .orderBy("u.id")
        .execute();
      const roles = rows.length
        ? await db
            .selectFrom("user_roles")
            .select(["user_id", "role_id"])
            .where(
              "user_id",
              "in",
              rows.map((r) => Number(r.id)),
            )
            .execute()
        : [];
      const list = rows.map((r) => ({
        userId: Number(r.id),
        name: r.real_name,
        roleIds: roles.filter((x) => Number(x.user_id) === Number(r.id)).map((x) => Number(x.role_id)),
        readAt: r.read_at,
      }));
      return ok(c, { ...wholeList(list), read: list.filter((r) => r.readAt).length });
    }),
  );

  // ---- class circle: comments and their moderation ----
  doc(
    "get",
    "/daily/class_circle/{id}/comments/",
    "classCircleComments",
    "Comments of a post (hidden ones too for moderators)",
    z.object({ list: z.array(commentSchema) }),
    {
      params: idParam,
    },
  );
  app.get(
    "/daily/class_circle/:id{[0-9]+}/comments/",
    requireAuth,
    requirePage(CIRCLE_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const id = pathId(c);
      const p = await db.selectFrom("class_circle_posts as p").select("p.id").where("p.id", "=", id).where(classFilter(scope, "p.class_id")).executeTakeFirst();
      if (!p) throw notFound();
      return ok(c, wholeList(await commentsOf(db, id, !MODERATORS.includes(scope.roleId))));
    }),
  );
  const moderate = async (c: Context<AppEnv>, del: boolean) => {
    const scope = scopeOf(c);
    if (!MODERATORS.includes(scope.roleId)) throw forbidden();
    const id = pathId(c);
    const cm = await db
      .selectFrom("class_circle_comments as cc")
      .innerJoin("class_circle_posts as p", "p.id", "cc.post_id")
      .select(["cc.id"])
      .where("cc.id", "=", id)
      .where(classFilter(scope, "p.class_id"))
      .executeTakeFirst();
    if (!cm) throw notFound();
    await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) =>
      del ? w.delete("class_circle_comments", id, "deleteComment") : w.update("class_circle_comments", id, { status: "hidden" }, "hideComment"),
    );
    return replyOk(c, { id }, del ? "daily:classCircle.commentDeleted" : "daily:classCircle.commentHiddenDone");
  };
  doc("post", "/daily/class_circle/comments/{id}/hide/", "classCircleCommentHide", "Hide a comment (principal, teacher)", z.object({ id: z.number().int() }), {
    params: idParam,
  });
  app.post(
    "/daily/class_circle/comments/:id{[0-9]+}/hide/",
    requireAuth,
    requirePage(CIRCLE_PAGE),
    run((c: Context<AppEnv>) => moderate(c, false)),
  );
  doc("delete", "/daily/class_circle/comments/{id}/", "classCircleCommentDelete", "Delete a comment (principal, teacher)", z.object({ id: z.number().int() }), {
    params: idParam,
  });
  app.delete(
    "/daily/class_circle/comments/:id{[0-9]+}/",
    requireAuth,
    requirePage(CIRCLE_PAGE),
    run((c: Context<AppEnv>) => moderate(c, true)),
  );

  // ---- health daily report: who has not reported, and the roll-up ----
  const missingSchema = z.object({ date: z.string(), list: z.array(z.object({ id: z.number().int(), name: z.string(), kindergartenId: z.number().int() })) });
  doc(
    "get",
    "/daily/health_reports/missing/",
    "healthReportsMissing",
    "Classes the caller reaches without a health daily report on `date` (default today)",
    missingSchema,
    {
      query: z.object({ date: z.string().optional() }),
    },
  );
  app.get(
    "/daily/health_reports/missing/",
    requireAuth,
    requirePage(EPIDEMIC_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const raw = c.req.query("date");
      if (raw && !/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw fieldError("date", "crud:validation.date");
      const date = raw || todayCn();
      const lang = langOf(c);
      const rows = await db
        .selectFrom("classes as c")
        .select(["c.id", "c.name", "c.name_en", "c.kindergarten_id"])
        .where(classFilter(scope, "c.id"))
        .where("c.id", "not in", db.selectFrom("health_reports").select("class_id").where("date", "=", date))
        .orderBy("c.kindergarten_id")
        .orderBy("c.name")
        .execute();
      return ok(c, {
        date,
        ...wholeList(rows.map((r) => ({ id: Number(r.id), name: lang === "en" && r.name_en ? r.name_en : r.name, kindergartenId: Number(r.kindergarten_id) }))),
      });
    }),
  );
  registerReport(app, deps, epidemicRollupReport, async ({ scope }, params) => {
    const to = (params.to as string | null) ?? todayCn();
    const from = addDays(to, -13);
    const kgWhere = (col: string) => reportKindergartens(scope, col);
    const kgs = await db.selectFrom("kindergartens as k").select(["k.id", "k.name", "k.name_en"]).where(kgWhere("k.id")).orderBy("k.id").execute();
    const classCounts = await db
      .selectFrom("classes as c")
      .select(["c.kindergarten_id as kg", sql<number>`count(*)`.as("n")])
      .where(kgWhere("c.kindergarten_id"))
      .groupBy("c.kindergarten_id")
      .execute();
    const sums = (q: ReturnType<typeof base>) =>
      q.select([
        sql<number>`count(*)`.as("reported"),
        sql<number>`coalesce(sum(h.present), 0)`.as("present"),
        sql<number>`coalesce(sum(h.absent_ill), 0)`.as("absentIll"),
        sql<number>`coalesce(sum(h.fever_count), 0)`.as("fevers"),
      ]);
    const base = () => db.selectFrom("health_reports as h").where(kgWhere("h.kindergarten_id"));
    const perKg = await sums(base().where("h.date", "=", to))
      .select("h.kindergarten_id as kg")
      .groupBy("h.kindergarten_id")
      .execute();
    const perDay = await sums(base().where("h.date", ">=", from).where("h.date", "<=", to))
      .select("h.date as date")
      .groupBy("h.date")
      .execute();
    const totalClasses = classCounts.reduce((s, r) => s + Number(r.n), 0);
    const days = Array.from({ length: 14 }, (_, i) => {
      const date = addDays(from, i);
      const r = perDay.find((x) => x.date === date);
      return {
        date,
        classes: totalClasses,
        reported: Number(r?.reported ?? 0),
        present: Number(r?.present ?? 0),
        absentIll: Number(r?.absentIll ?? 0),
        fevers: Number(r?.fevers ?? 0),
      };
    });
    return {
      from,
      to,
      days,
      kindergartens: kgs.map((k) => {
        const r = perKg.find((x) => Number(x.kg) === Number(k.id));
        return {
          id: Number(k.id),
          name: k.name,
          nameEn: k.name_en,
          classes: Number(classCounts.find((x) => Number(x.kg) === Number(k.id))?.n ?? 0),
          reported: Number(r?.reported ?? 0),
          present: Number(r?.present ?? 0),
          absentIll: Number(r?.absentIll ?? 0),
          fevers: Number(r?.fevers ?? 0),
        };
      }),
    };
  });

  // ---- nursery: the class day sheet and a child's week ----
  const sheetRow = z.object({
    studentId: z.number().int(),
    name: z.string(),
    recordId: z.number().int().nullable(),
    mood: z.string().nullable(),
    meals: z.string().nullable(),
    hydrationMl: z.number().int().nullable(),
    toiletTimes: z.string(),
    sleepSlots: z.string(),
    healthNote: z.string().nullable(),
  });
  const sheetSchema = z.object({ classId: z.number().int().nullable(), date: z.string(), rows: z.array(sheetRow) });
  const sheetParams = (c: Context) => {
    const date = c.req.query("date") || todayCn();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw fieldError("date", "crud:validation.date");
    const cls = c.req.query("classId");
    if (cls && !/^\d{1,9}$/.test(cls)) throw fieldError("classId", "crud:validation.choose");
    return { date, classId: cls ? Number(cls) : null };
  };
  async function sheetOf(scope: Scope, classId: number | null, date: string) {
    if (classId == null) return { classId, date, rows: [] };
    const cl = await db.selectFrom("classes as c").select("c.id").where("c.id", "=", classId).where(classFilter(scope, "c.id")).executeTakeFirst();
    if (!cl) throw fieldError("classId", "crud:validation.choose");
    const rows = await db
      .selectFrom("students as s")
      .leftJoin("nursery_records as r", (j) => j.onRef("r.student_id", "=", "s.id").on("r.date", "=", date))
      .select(["s.id", "s.name", "r.id as rid", "r.mood", "r.meals", "r.hydration_ml", "r.toilet_times", "r.sleep_slots", "r.health_note"])
      .where("s.class_id", "=", classId)
      .where("s.status", "=", "at_school")
      .where(studentFilter(scope, "s.id"))
      .orderBy("s.name")
      .orderBy("s.id")
      .execute();
    return {
      classId,
      date,
      rows: rows.map((r) => ({
        studentId: Number(r.id),
        name: r.name,
        recordId: r.rid == null ? null : Number(r.rid),
        mood: r.mood ?? null,
        meals: r.meals ?? null,
        hydrationMl: r.hydration_ml == null ? null : Number(r.hydration_ml),
        toiletTimes: r.toilet_times ?? "",
        sleepSlots: r.sleep_slots ?? "",
        healthNote: r.health_note ?? null,
      })),
    };
  }
  doc("get", "/daily/nursery/sheet/", "nurserySheet", "The class day sheet: every child of the class with the day's record", sheetSchema, {
    query: z.object({ classId: z.number().int().min(1).optional(), date: z.string().optional().openapi({ format: "date" }) }),
  });
  app.get(
    "/daily/nursery/sheet/",
    requireAuth,
    requirePage(NURSERY_PAGE),
    run(async (c: Context<AppEnv>) => {
      const { date, classId } = sheetParams(c);
      return ok(c, await sheetOf(scopeOf(c), classId, date));
    }),
  );
  // One schema per cell, the resource's own (same messages as its form).
  const cellSchemas = {
    mood: z.enum(MOODS, { error: "crud:validation.choose" }).nullish(),
    meals: z.enum(MEALS, { error: "crud:validation.choose" }).nullish(),
    hydrationMl: nurseryRecords.form.shape.hydrationMl,
    toiletTimes: nurseryRecords.form.shape.toiletTimes,
    sleepSlots: nurseryRecords.form.shape.sleepSlots,
    healthNote: nurseryRecords.form.shape.healthNote,
  } as const;
  type Cell = keyof typeof cellSchemas;
  doc(
    "post",
    "/daily/nursery/sheet/",
    "nurserySheetSave",
    "Saves the class day sheet at once: fields `<field>_<studentId>` (mood, meals, hydrationMl, toiletTimes, sleepSlots, healthNote); 422 per cell, nothing saved",
    z.object({ saved: z.number().int() }),
    formDoc({ classId: z.string(), date: z.string() }),
  );
  app.post(
    "/daily/nursery/sheet/",
    requireAuth,
    requirePage(NURSERY_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const body = await c.req.parseBody();
      const date = String(body.date ?? "");
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw fieldError("date", "crud:validation.date");
      const classId = /^\d{1,9}$/.test(String(body.classId ?? "")) ? Number(body.classId) : null;
      const sheet = await sheetOf(scope, classId, date);
      if (classId == null) throw fieldError("classId", "crud:validation.choose");
      const errors: Record<string, string[]> = {};
      const parsed: { row: (typeof sheet.rows)[number]; values: Record<Cell, unknown>; given: boolean }[] = [];
      for (const row of sheet.rows) {
        const values = {} as Record<Cell, unknown>;
        let given = false;
        for (const cell of Object.keys(cellSchemas) as Cell[]) {
          const raw = body[`${cell}_${row.studentId}`];
          const text = typeof raw === "string" ? raw.trim() : "";
          if (text) given = true;
          const input = !text ? undefined : cell === "hydrationMl" ? (/^-?\d+$/.test(text) ? Number(text) : Number.NaN) : text;
          const r = (cellSchemas[cell] as z.ZodTypeAny).safeParse(input);
          if (!r.success) errors[`${cell}_${row.studentId}`] = r.error.issues.map((i) => schemaMessage(i.message));
          else values[cell] = r.data ?? null;
        }
        parsed.push({ row, values, given });
      }
      if (Object.keys(errors).length) throw fieldErrors(errors);
      const kg = await db.selectFrom("classes").select("kindergarten_id").where("id", "=", classId).executeTakeFirstOrThrow();
      let saved = 0;
      await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        for (const { row, values, given } of parsed) {
          if (!given && row.recordId == null) continue;
          const cols = {
            mood: (values.mood as string | null) ?? null,
            meals: (values.meals as string | null) ?? null,
            hydration_ml: (values.hydrationMl as number | null) ?? null,
            toilet_times: normaliseSlots(values.toiletTimes),
            sleep_slots: normaliseSlots(values.sleepSlots),
            health_note: (values.healthNote as string | null) ?? null,
            recorded_by: scope.userId,
            updated_at: nowIso(),
          };
          const existing = await w.trx
            .selectFrom("nursery_records")
            .select("id")
            .where("student_id", "=", row.studentId)
            .where("date", "=", date)
            .executeTakeFirst();
          if (existing) await w.update("nursery_records", Number(existing.id), cols);
          else
            await w.insert("nursery_records", {
              ...cols,
              kindergarten_id: Number(kg.kindergarten_id),
              class_id: classId,
              student_id: row.studentId,
              date,
              created_at: nowIso(),
            });
          saved++;
        }
      });
      return replyOk(c, { saved }, "daily:nursery.saved", { count: saved });
    }),
  );
  const weekSchema = z.object({
    studentId: z.number().int().nullable(),
    monday: z.string(),
    days: z.array(z.object({ date: z.string(), record: sheetRow.omit({ studentId: true, name: true }).nullable() })),
  });
  doc("get", "/daily/nursery/week/", "nurseryWeek", "A child's week (Monday to Sunday of `date`, default today)", weekSchema, {
    query: z.object({ studentId: z.number().int().min(1).optional(), date: z.string().optional().openapi({ format: "date" }) }),
  });
  app.get(
    "/daily/nursery/week/",
    requireAuth,
    requirePage(NURSERY_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const { date } = sheetParams(c);
      const sid = c.req.query("studentId");
      if (sid && !/^\d{1,9}$/.test(sid)) throw fieldError("studentId", "crud:validation.choose");
      const monday = mondayOf(date);
      const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
      if (!sid) return ok(c, { studentId: null, monday, days: dates.map((d) => ({ date: d, record: null })) });
      const st = await db.selectFrom("students as s").select("s.id").where("s.id", "=", Number(sid)).where(studentFilter(scope, "s.id")).executeTakeFirst();
      if (!st) throw fieldError("studentId", "crud:validation.choose");
      const recs = await db
        .selectFrom("nursery_records")
        .selectAll()
        .where("student_id", "=", Number(sid))
        .where("date", ">=", monday)
        .where("date", "<=", dates[6]!)
        .execute();
      return ok(c, {
        studentId: Number(sid),
        monday,
        days: dates.map((d) => {
          const r = recs.find((x) => x.date === d);
          return {
            date: d,
            record: r
              ? {
                  recordId: Number(r.id),
                  mood: r.mood,
                  meals: r.meals,
                  hydrationMl: r.hydration_ml == null ? null : Number(r.hydration_ml),
                  toiletTimes: r.toilet_times,
                  sleepSlots: r.sleep_slots,
                  healthNote: r.health_note,
                }
              : null,
          };
        }),
      });
    }),
  );

  // ---- updates and reminders ----
  const eventSchema = z.object({ kind: z.string(), title: z.string(), at: z.string(), path: z.string().nullable() });
  const updatesSchema = z.object({
    due: z.array(z.object({ key: z.string(), count: z.number().int(), path: z.string().nullable() })),
    recent: z.array(eventSchema),
  });
  doc(
    "get",
    "/daily/updates/",
    "dailyUpdates",
    "What is due (the Home page's registry) and what happened in the last 7 days, for the caller's role",
    updatesSchema,
  );
  app.get(
    "/daily/updates/",
    requireAuth,
    requirePage(UPDATES_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const since = new Date(Date.now() - 7 * 86400_000).toISOString();
      const due = await attentionFor(db, scope, canSeePage);
      const recent: z.infer<typeof eventSchema>[] = [];
      // The record's own address is what the page rule checks: a hidden detail page (/evaluate/entrust/:id) has no list.
      const link = async (path: string, id: number) => ((await canSeePage(scope, `${path}/${id}`)) ? `${path}/${id}` : null);
      for (const r of await db
        .selectFrom("notices as n")
        .select(["n.id", "n.title", "n.published_at"])
        .where(noticeScope(scope))
        .where("n.status", "=", "published")
        .where("n.published_at", ">=", since)
        .orderBy("n.published_at", "desc")
        .limit(10)
        .execute())
        recent.push({ kind: "noticePublished", title: r.title, at: r.published_at!, path: await link(NOTICE_PAGE, Number(r.id)) });
      for (const r of await db
        .selectFrom("entrusts as e")
        .innerJoin("students as s", "s.id", "e.student_id")
        .select(["e.id", "s.name", "e.reply", "e.confirmed_at"])
        .where(studentFilter(scope, "e.student_id"))
        .where("e.status", "=", "confirmed")
        .where("e.confirmed_at", ">=", since)
        .orderBy("e.confirmed_at", "desc")
        .limit(10)
        .execute())
        recent.push({
          kind: "entrustConfirmed",
          title: `${r.name}: ${r.reply ?? ""}`,
          at: r.confirmed_at!,
          path: await link("/evaluate/entrust", Number(r.id)),
        });
      for (const r of await db
        .selectFrom("class_circle_posts as p")
        .select(["p.id", "p.content", "p.created_at"])
        .where(classFilter(scope, "p.class_id"))
        .where("p.status", "=", "visible")
        .where("p.created_at", ">=", since)
        .orderBy("p.created_at", "desc")
        .limit(10)
        .execute())
        recent.push({
          kind: "post",
          title: r.content.slice(0, 80),
          at: r.created_at,
          path: (await canSeePage(scope, CIRCLE_PAGE)) ? `${CIRCLE_PAGE}/${r.id}` : `${UPDATES_PAGE}?post=${r.id}`,
        });
      for (const r of await db
        .selectFrom("medications as m")
        .innerJoin("students as s", "s.id", "m.student_id")
        .select(["m.id", "s.name", "m.medicine", "m.given_at"])
        .where(studentFilter(scope, "m.student_id"))
        .where("m.status", "=", "done")
        .where("m.given_at", ">=", since)
        .orderBy("m.given_at", "desc")
        .limit(10)
        .execute())
        recent.push({ kind: "medicationGiven", title: `${r.name}: ${r.medicine}`, at: r.given_at!, path: await link("/daily/medication", Number(r.id)) });
      recent.sort((a, b) => b.at.localeCompare(a.at));
      return ok(c, { due, recent: recent.slice(0, 20) });
    }),
  );

  // ---- the parents' class circle (their children's classes) and their comments ----
  const postSchema = z.object({
    id: z.number().int(),
    className: z.string(),
    content: z.string(),
    imageFileId: z.number().int().nullable(),
    createdAt: z.string(),
    comments: z.array(commentSchema),
  });
  doc(
    "get",
    "/daily/updates/posts/",
    "dailyUpdatesPosts",
    "Visible class circle posts of the classes the caller reaches, with their visible comments (latest 20)",
    z.object({ list: z.array(postSchema) }),
  );
  app.get(
    "/daily/updates/posts/",
    requireAuth,
    requirePage(UPDATES_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const lang = langOf(c);
      const rows = await parentPosts(db, scope)
        .select(["p.id", "c.name", "c.name_en", "p.content", "p.image_file_id", "p.created_at"])
        .orderBy("p.created_at", "desc")
        .limit(20)
        .execute();
      const list = [];
      for (const r of rows)
        list.push({
          id: Number(r.id),
          className: lang === "en" && r.name_en ? r.name_en : r.name,
          content: r.content,
          imageFileId: r.image_file_id == null ? null : Number(r.image_file_id),
          createdAt: r.created_at,
          comments: await commentsOf(db, Number(r.id), true),
        });
      return ok(c, wholeList(list));
    }),
  );
  doc(
    "post",
    "/daily/updates/posts/{id}/comments/",
    "dailyUpdatesComment",
    "A parent comments on a post of his child's class",
    z.object({ id: z.number().int() }),
    {
      params: idParam,
      ...formDoc({ content: z.string() }),
    },
  );
  app.post(
    "/daily/updates/posts/:id{[0-9]+}/comments/",
    requireAuth,
    requirePage(UPDATES_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      if (scope.roleId !== Role.parent) throw forbidden();
      const id = pathId(c);
      const p = await parentPosts(db, scope).select(["p.id", "p.kindergarten_id"]).where("p.id", "=", id).executeTakeFirst();
      if (!p) throw notFound();
      const content = commentText((await c.req.parseBody()).content);
      const cid = await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) =>
        w.insert(
          "class_circle_comments",
          { post_id: id, kindergarten_id: Number(p.kindergarten_id), user_id: scope.userId, content, status: "visible", created_at: nowIso() },
          "comment",
        ),
      );
      return ok(c, { id: cid });
    }),
  );
}
