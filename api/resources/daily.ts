import { sql, type Expression, type SqlBool } from "kysely";
import { Role } from "@contract/roles";
import { medications } from "@contract/resources/daily-medications";
import { notices } from "@contract/resources/daily-notices";
import { entrusts } from "@contract/resources/daily-entrusts";
import { careGreetings, GREETING_TEMPLATES } from "@contract/resources/daily-care-greetings";
import { classCirclePosts } from "@contract/resources/daily-class-circle";
import { healthReports } from "@contract/resources/daily-health-reports";
import { nurseryRecords } from "@contract/resources/daily-nursery";
import { isDueNow, nowCnTime, splitTimes, todayCn } from "@contract/daily/time";
import { nowIso } from "@api/db";
import { fieldError } from "@api/http";
import { classFilter, kindergartenFilter, studentFilter, type Scope } from "@api/tenancy";
import { claimFile, classOfForm, cnDayStartIso, jsonIds, registerFileOwner, studentOfForm, trxOf, type Trx } from "@api/daily/common";
import { defineMapping, fieldErrors, type Item } from "./engine";
import { booleanOf } from "@contract/boolean-words";

const and = (...e: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(e, sql` and `)})`;

// ---------------------------------------------------------------------------------------------------------------
// Medication (/daily/medication, role 7): the doctor's bound students (api/tenancy studentFilter).
// ---------------------------------------------------------------------------------------------------------------
export const medicationsMapping = defineMapping({
  def: medications,
  table: "medications",
  alias: "m",
  from: (db) =>
    db
      .selectFrom("medications as m")
      .innerJoin("students as s", "s.id", "m.student_id")
      .leftJoin("classes as c", "c.id", "m.class_id")
      .leftJoin("users as g", "g.id", "m.given_by"),
  columns: {
    id: "m.id",
    kindergartenId: "m.kindergarten_id",
    studentId: "m.student_id",
    studentName: "s.name",
    className: "c.name",
    date: "m.date",
    medicine: "m.medicine",
    dose: "m.dose",
    times: "m.times",
    photoFileId: "m.photo_file_id",
    note: "m.note",
    status: "m.status",
    dueNow: sql`0`,
    givenByName: "g.real_name",
    givenAt: "m.given_at",
    createdAt: "m.created_at",
  },
  english: { className: "c.name_en" },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => studentFilter(scope, "m.student_id"),
  writable: {
    studentId: "student_id",
    classId: "class_id",
    date: "date",
    medicine: "medicine",
    dose: "dose",
    times: "times",
    photoFileId: "photo_file_id",
    note: "note",
    requestedBy: "requested_by",
  },
  onCreate: () => ({ status: "todo", created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  actionHooks: {
    give: { run: ({ scope }) => ({ patch: { given_by: scope.userId, given_at: nowIso(), updated_at: nowIso() } }) },
    cancel: { run: () => ({ patch: { updated_at: nowIso() } }) },
  },
  hooks: {
    async beforeWrite({ w, scope }, { values, kindergartenId, existing }) {
      const st = await studentOfForm(trxOf(w), scope, values.studentId, kindergartenId);
      values.classId = st.class_id;
      values.times = splitTimes(String(values.times)).sort().join(", ");
      values.requestedBy = existing ? ((existing as Item & { requestedBy?: number }).requestedBy ?? null) : null;
    },
    async afterWrite({ w, scope, deps }, { id, values, existing }) {
      await claimFile(deps, w, scope, {
        field: "photoFileId",
        table: "medications",
        column: "photo_file_id",
        recordType: "medications",
        id,
        kind: "image",
        value: values.photoFileId,
        old: existing?.photoFileId,
      });
    },
    async beforeDelete({ w, deps }, item) {
      if (item.photoFileId != null) await deps.files.remove(w, Number(item.photoFileId));
    },
    decorate(_db, items) {
      const today = todayCn();
      const now = nowCnTime();
      for (const it of items) it.dueNow = it.status === "todo" && it.date === today && isDueNow(String(it.times), now);
    },
  },
});
registerFileOwner("medications", medications.page, async (db, scope, id) =>
  Boolean(await db.selectFrom("medications as m").select("m.id").where("m.id", "=", id).where(studentFilter(scope, "m.student_id")).executeTakeFirst()),
);

// ---------------------------------------------------------------------------------------------------------------
// Notices (/daily/notice): principals see their kindergarten's; teachers their own and those addressed to them;
// everyone else only published notices addressed to them (notice_recipients), the education bureau included.
// ---------------------------------------------------------------------------------------------------------------
const addressedTo = (userId: number, alias = "n") =>
  sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select nr_.notice_id from notice_recipients nr_ where nr_.user_id = ${userId})`;

export function noticeScope(scope: Scope, alias = "n"): Expression<SqlBool> {
  const inKg = kindergartenFilter(scope, `${alias}.kindergarten_id`);
  if (scope.reach === "platform") return inKg;
  if (scope.roleId === Role.principal) return inKg;
  const published = sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published'`;
  if (scope.roleId === Role.teacher)
    return and(inKg, sql<SqlBool>`(${sql.ref(`${alias}.created_by`)} = ${scope.userId} or (${published} and ${addressedTo(scope.userId, alias)}))`);
  return and(inKg, published, addressedTo(scope.userId, alias));
}

/** Who a published notice reaches (section "Notices" of contract/resources/daily-notices.ts). */
export async function noticeRecipients(db: Trx, n: { kindergarten_id: number; audience: string; class_ids: string; role_ids: string }): Promise<number[]> {
  const kg = await db.selectFrom("kindergartens").select("education_group_id").where("id", "=", n.kindergarten_id).executeTakeFirstOrThrow();
  const group = Number(kg.education_group_id);
  const ids = new Set<number>();
  const add = (rows: { id: number | string }[]) => rows.forEach((r) => ids.add(Number(r.id)));
  const bureau = () =>
    db
      .selectFrom("users")
      .select("users.id")
      .where("users.enabled", "=", 1)
      .where("users.education_group_id", "=", group)
      .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", Role.bureauLeader))
      .execute();
  if (n.audience === "kindergarten") {
    add(await db.selectFrom("users").select("id").where("enabled", "=", 1).where("kindergarten_id", "=", n.kindergarten_id).execute());
    add(await bureau());
  } else if (n.audience === "classes") {
    const classIds = jsonIds(n.class_ids);
    if (classIds.length) {
      add(
        await db
          .selectFrom("class_teachers as ct")
          .innerJoin("users as u", "u.id", "ct.user_id")
          .select("u.id")
          .where("ct.class_id", "in", classIds)
          .where("u.enabled", "=", 1)
          .execute(),
      );
      add(
        await db
          .selectFrom("student_parents as sp")
          .innerJoin("students as s", "s.id", "sp.student_id")
          .innerJoin("users as u", "u.id", "sp.parent_id")
          .select("u.id")
          .where("s.class_id", "in", classIds)
          .where("u.enabled", "=", 1)
          .execute(),
      );
    }
  } else {
    const roleIds = jsonIds(n.role_ids);
    const local = roleIds.filter((r) => r !== Role.bureauLeader);
    if (local.length)
      add(
        await db
          .selectFrom("users")
          .select("users.id")
          .where("users.enabled", "=", 1)
          .where("users.kindergarten_id", "=", n.kindergarten_id)
          .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "in", local))
          .execute(),
      );
    if (roleIds.includes(Role.bureauLeader)) add(await bureau());
  }
  return [...ids].sort((a, b) => a - b);
}

export const noticesMapping = defineMapping({
  def: notices,
  table: "notices",
  alias: "n",
  from: (db) => db.selectFrom("notices as n").innerJoin("kindergartens as k", "k.id", "n.kindergarten_id").leftJoin("users as a", "a.id", "n.created_by"),
  columns: {
    id: "n.id",
    ownerKindergartenId: "n.kindergarten_id",
    title: "n.title",
    content: "n.content",
    audience: "n.audience",
    classIds: "n.class_ids",
    roleIds: "n.role_ids",
    imageFileId: "n.image_file_id",
    videoFileId: "n.video_file_id",
    status: "n.status",
    recipientCount: "n.recipient_count",
    readCount: sql`(select count(*) from notice_recipients nr2_ where nr2_.notice_id = n.id and nr2_.read_at is not null)`,
    kindergartenName: "k.name",
    createdBy: "n.created_by",
    authorName: "a.real_name",
    createdAt: "n.created_at",
    publishedAt: "n.published_at",
  },
  english: { kindergartenName: "k.name_en" },
  kindergartenColumn: "kindergarten_id",
  kindergartenField: "ownerKindergartenId",
  scopeFilter: (scope) => noticeScope(scope),
  filterWhere: {
    unread: (v, scope) =>
      booleanOf(v)
        ? sql<SqlBool>`n.id in (select nr3_.notice_id from notice_recipients nr3_ where nr3_.user_id = ${scope.userId} and nr3_.read_at is null)`
        : sql<SqlBool>`1 = 1`,
  },
  writable: {
    title: "title",
    content: "content",
    audience: "audience",
    classIds: "class_ids",
    roleIds: "role_ids",
    imageFileId: "image_file_id",
    videoFileId: "video_file_id",
    createdBy: "created_by",
  },
  onCreate: () => ({ status: "draft", recipient_count: 0, created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  // A notice published before the audit log had its row (the demo seed): its author published it at publishedAt.
  impliedHistory: (item) =>
    item.status === "published" && typeof item.publishedAt === "string"
      ? [
          {
            action: "publish",
            from: "draft",
            to: "published",
            by: (item.createdBy as number | null) ?? null,
            byName: (item.authorName as string | null) ?? null,
            at: item.publishedAt,
            comment: null,
          },
        ]
      : [],
  actionHooks: {
    publish: {
      notFoundKey: "daily:notice.errors.saveDraftFirst",
      async run({ w }, item) {
        const db = trxOf(w);
        const n = await db.selectFrom("notices").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
        const errors: Record<string, string[]> = {};
        if (n.audience === "classes" && !jsonIds(n.class_ids).length) errors.classIds = ["daily:notice.errors.selectRecipients"];
        if (n.audience === "roles" && !jsonIds(n.role_ids).length) errors.roleIds = ["daily:notice.errors.selectRecipients"];
        if (!n.content || !n.content.trim()) errors.content = ["daily:notice.errors.enterContent"];
        if (Object.keys(errors).length) throw fieldErrors(errors);
        const recipients = await noticeRecipients(db, n);
        if (!recipients.length) throw fieldErrors({ audience: ["daily:notice.errors.noRecipients"] });
        for (let i = 0; i < recipients.length; i += 200)
          await db
            .insertInto("notice_recipients")
            .values(recipients.slice(i, i + 200).map((u) => ({ notice_id: item.id, user_id: u, read_at: null })))
            .execute();
        return {
          patch: { recipient_count: recipients.length, published_at: nowIso(), updated_at: nowIso() },
          msg: "daily:notice.messages.published",
          params: { count: recipients.length },
        };
      },
    },
  },
  hooks: {
    async beforeWrite({ w, scope }, { mode, values, kindergartenId, existing }) {
      const db = trxOf(w);
      const classIds = [...new Set((values.classIds as number[]) ?? [])].sort((a, b) => a - b);
      const roleIds = [...new Set((values.roleIds as number[]) ?? [])].sort((a, b) => a - b);
      if (scope.roleId === Role.teacher && values.audience !== "classes") throw fieldError("audience", "daily:notice.errors.teacherClassesOnly");
      for (const id of classIds) await classOfForm(db, scope, id, kindergartenId, "classIds");
      values.classIds = JSON.stringify(values.audience === "classes" ? classIds : []);
      values.roleIds = JSON.stringify(values.audience === "roles" ? roleIds : []);
      values.createdBy = mode === "create" ? scope.userId : (existing?.createdBy ?? null);
    },
    async afterWrite({ w, scope, deps }, { id, values, existing }) {
      for (const [field, column, kind] of [
        ["imageFileId", "image_file_id", "image"],
        ["videoFileId", "video_file_id", "video"],
      ] as const)
        await claimFile(deps, w, scope, { field, table: "notices", column, recordType: "notices", id, kind, value: values[field], old: existing?.[field] });
    },
    async beforeDelete({ w, deps }, item) {
      await trxOf(w).deleteFrom("notice_recipients").where("notice_id", "=", item.id).execute();
      for (const f of ["imageFileId", "videoFileId"]) if (item[f] != null) await deps.files.remove(w, Number(item[f]));
    },
    decorate(_db, items) {
      for (const it of items) {
        it.classIds = jsonIds(it.classIds);
        it.roleIds = jsonIds(it.roleIds);
      }
    },
  },
});
registerFileOwner("notices", notices.page, async (db, scope, id) =>
  Boolean(await db.selectFrom("notices as n").select("n.id").where("n.id", "=", id).where(noticeScope(scope)).executeTakeFirst()),
);

// ---------------------------------------------------------------------------------------------------------------
// Entrust messages (/daily/entrust): the children the caller reaches (studentFilter).
// ---------------------------------------------------------------------------------------------------------------
export const entrustsMapping = defineMapping({
  def: entrusts,
  table: "entrusts",
  alias: "e",
  from: (db) =>
    db
      .selectFrom("entrusts as e")
      .innerJoin("students as s", "s.id", "e.student_id")
      .leftJoin("classes as c", "c.id", "e.class_id")
      .leftJoin("users as a", "a.id", "e.created_by")
      .leftJoin("users as cb", "cb.id", "e.confirmed_by"),
  columns: {
    id: "e.id",
    kindergartenId: "e.kindergarten_id",
    studentId: "e.student_id",
    studentName: "s.name",
    className: "c.name",
    date: "e.date",
    content: "e.content",
    status: "e.status",
    reply: "e.reply",
    authorName: "a.real_name",
    confirmedByName: "cb.real_name",
    confirmedAt: "e.confirmed_at",
    createdAt: "e.created_at",
  },
  english: { className: "c.name_en" },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => studentFilter(scope, "e.student_id"),
  writable: { studentId: "student_id", classId: "class_id", date: "date", content: "content", createdBy: "created_by" },
  onCreate: () => ({ status: "to_confirm", created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  actionHooks: {
    confirm: {
      run: ({ scope }, _item, { comment }) => ({ patch: { reply: comment, confirmed_by: scope.userId, confirmed_at: nowIso(), updated_at: nowIso() } }),
    },
  },
  hooks: {
    async beforeWrite({ w, scope }, { mode, values, kindergartenId, existing }) {
      const st = await studentOfForm(trxOf(w), scope, values.studentId, kindergartenId);
      values.classId = st.class_id;
      values.createdBy = mode === "create" ? scope.userId : ((existing as Item & { createdBy?: number })?.createdBy ?? scope.userId);
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Care greetings (/daily/careGreetings, roles 1,3): an empty content takes the kind's template.
// ---------------------------------------------------------------------------------------------------------------
export const careGreetingsMapping = defineMapping({
  def: careGreetings,
  table: "care_greetings",
  alias: "g",
  from: (db) =>
    db
      .selectFrom("care_greetings as g")
      .innerJoin("students as s", "s.id", "g.student_id")
      .leftJoin("classes as c", "c.id", "g.class_id")
      .leftJoin("users as a", "a.id", "g.created_by"),
  columns: {
    id: "g.id",
    kindergartenId: "g.kindergarten_id",
    studentId: "g.student_id",
    studentName: "s.name",
    className: "c.name",
    kind: "g.kind",
    content: "g.content",
    authorName: "a.real_name",
    createdAt: "g.created_at",
  },
  english: { className: "c.name_en" },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => studentFilter(scope, "g.student_id"),
  writable: { studentId: "student_id", classId: "class_id", kind: "kind", content: "content", createdBy: "created_by" },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope, lang }, { mode, values, kindergartenId, existing }) {
      const st = await studentOfForm(trxOf(w), scope, values.studentId, kindergartenId);
      values.classId = st.class_id;
      if (!values.content) {
        const tpl = GREETING_TEMPLATES[values.kind as keyof typeof GREETING_TEMPLATES]?.[lang === "en" ? "en" : "zh"];
        if (!tpl) throw fieldError("content", "daily:careGreetings.errors.contentRequired");
        values.content = tpl.replace("{{name}}", st.name);
      }
      values.createdBy = mode === "create" ? scope.userId : ((existing as Item & { createdBy?: number })?.createdBy ?? scope.userId);
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Class circle (/daily/classCircle, roles 1,3,11): posts of the classes the caller reaches, the daily limit.
// ---------------------------------------------------------------------------------------------------------------
export const classCircleMapping = defineMapping({
  def: classCirclePosts,
  table: "class_circle_posts",
  alias: "p",
  from: (db) => db.selectFrom("class_circle_posts as p").innerJoin("classes as c", "c.id", "p.class_id").leftJoin("users as a", "a.id", "p.created_by"),
  columns: {
    id: "p.id",
    kindergartenId: "p.kindergarten_id",
    classId: "p.class_id",
    className: "c.name",
    content: "p.content",
    imageFileId: "p.image_file_id",
    videoFileId: "p.video_file_id",
    status: "p.status",
    commentCount: sql`(select count(*) from class_circle_comments cc_ where cc_.post_id = p.id)`,
    authorName: "a.real_name",
    createdAt: "p.created_at",
  },
  english: { className: "c.name_en" },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => classFilter(scope, "p.class_id"),
  writable: { classId: "class_id", content: "content", imageFileId: "image_file_id", videoFileId: "video_file_id", createdBy: "created_by" },
  onCreate: () => ({ status: "visible", created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope }, { mode, values, kindergartenId, existing }) {
      const db = trxOf(w);
      const cl = await classOfForm(db, scope, values.classId, kindergartenId);
      values.createdBy = mode === "create" ? scope.userId : ((existing as Item & { createdBy?: number })?.createdBy ?? scope.userId);
      if (mode === "create" || Number(existing?.classId) !== Number(cl.id)) {
        const limit = Number(
          (
            await db
              .selectFrom("optional_functions")
              .select("classCirclePostLimit")
              .where("kindergarten_id", "=", Number(cl.kindergarten_id))
              .executeTakeFirst()
          )?.classCirclePostLimit ?? 0,
        );
        if (limit > 0) {
          const row = await db
            .selectFrom("class_circle_posts")
            .select(sql<number>`count(*)`.as("n"))
            .where("class_id", "=", Number(cl.id))
            .where("created_at", ">=", cnDayStartIso(todayCn()))
            .executeTakeFirst();
          if (Number(row?.n ?? 0) >= limit) throw fieldError("classId", "daily:classCircle.errors.limit", { count: limit });
        }
      }
    },
    async afterWrite({ w, scope, deps }, { id, values, existing }) {
      for (const [field, column, kind] of [
        ["imageFileId", "image_file_id", "image"],
        ["videoFileId", "video_file_id", "video"],
      ] as const)
        await claimFile(deps, w, scope, {
          field,
          table: "class_circle_posts",
          column,
          recordType: "classCircle",
          id,
          kind,
          value: values[field],
          old: existing?.[field],
        });
    },
    async beforeDelete({ w, deps }, item) {
      await trxOf(w).deleteFrom("class_circle_comments").where("post_id", "=", item.id).execute();
      for (const f of ["imageFileId", "videoFileId"]) if (item[f] != null) await deps.files.remove(w, Number(item[f]));
    },
  },
});
registerFileOwner("classCircle", classCirclePosts.page, async (db, scope, id) =>
  Boolean(await db.selectFrom("class_circle_posts as p").select("p.id").where("p.id", "=", id).where(classFilter(scope, "p.class_id")).executeTakeFirst()),
);

// ---------------------------------------------------------------------------------------------------------------
// Health daily report (/daily/epidemic): one per class and day.
// ---------------------------------------------------------------------------------------------------------------
export const healthReportsMapping = defineMapping({
  def: healthReports,
  table: "health_reports",
  alias: "h",
  from: (db) => db.selectFrom("health_reports as h").innerJoin("classes as c", "c.id", "h.class_id").leftJoin("users as r", "r.id", "h.reported_by"),
  columns: {
    id: "h.id",
    kindergartenId: "h.kindergarten_id",
    classId: "h.class_id",
    className: "c.name",
    date: "h.date",
    present: "h.present",
    absent: "h.absent",
    absentIll: "h.absent_ill",
    symptoms: "h.symptoms",
    temperatureChecked: "h.temperature_checked",
    feverCount: "h.fever_count",
    note: "h.note",
    reporterName: "r.real_name",
    updatedAt: "h.updated_at",
  },
  english: { className: "c.name_en" },
  kindergartenColumn: "kindergarten_id",
  writable: {
    classId: "class_id",
    date: "date",
    present: "present",
    absent: "absent",
    absentIll: "absent_ill",
    symptoms: "symptoms",
    temperatureChecked: "temperature_checked",
    feverCount: "fever_count",
    note: "note",
    reportedBy: "reported_by",
  },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope }, { values, kindergartenId, existing }) {
      const db = trxOf(w);
      await classOfForm(db, scope, values.classId, kindergartenId);
      let dup = db.selectFrom("health_reports").select("id").where("class_id", "=", Number(values.classId)).where("date", "=", String(values.date));
      if (existing) dup = dup.where("id", "!=", existing.id);
      if (await dup.executeTakeFirst()) throw fieldError("classId", "daily:epidemic.errors.duplicate");
      values.reportedBy = scope.userId;
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Nursery (/daily/nursery): one record per child and day.
// ---------------------------------------------------------------------------------------------------------------
export const normaliseSlots = (s: unknown) => splitTimes(s == null ? "" : String(s)).join(", ");

export const nurseryMapping = defineMapping({
  def: nurseryRecords,
  table: "nursery_records",
  alias: "r",
  from: (db) =>
    db
      .selectFrom("nursery_records as r")
      .innerJoin("students as s", "s.id", "r.student_id")
      .leftJoin("classes as c", "c.id", "r.class_id")
      .leftJoin("users as u", "u.id", "r.recorded_by"),
  columns: {
    id: "r.id",
    kindergartenId: "r.kindergarten_id",
    studentId: "r.student_id",
    studentName: "s.name",
    classId: "r.class_id",
    className: "c.name",
    date: "r.date",
    mood: "r.mood",
    meals: "r.meals",
    hydrationMl: "r.hydration_ml",
    toiletTimes: "r.toilet_times",
    sleepSlots: "r.sleep_slots",
    healthNote: "r.health_note",
    recorderName: "u.real_name",
  },
  english: { className: "c.name_en" },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => studentFilter(scope, "r.student_id"),
  writable: {
    studentId: "student_id",
    classId: "class_id",
    date: "date",
    mood: "mood",
    meals: "meals",
    hydrationMl: "hydration_ml",
    toiletTimes: "toilet_times",
    sleepSlots: "sleep_slots",
    healthNote: "health_note",
    recordedBy: "recorded_by",
  },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope }, { values, kindergartenId, existing }) {
      const db = trxOf(w);
      const st = await studentOfForm(db, scope, values.studentId, kindergartenId);
      let dup = db.selectFrom("nursery_records").select("id").where("student_id", "=", Number(st.id)).where("date", "=", String(values.date));
      if (existing) dup = dup.where("id", "!=", existing.id);
      if (await dup.executeTakeFirst()) throw fieldError("date", "daily:nursery.errors.duplicate");
      values.classId = st.class_id;
      values.toiletTimes = normaliseSlots(values.toiletTimes);
      values.sleepSlots = normaliseSlots(values.sleepSlots);
      values.recordedBy = scope.userId;
    },
  },
});

export const DAILY_MAPPINGS = [
  medicationsMapping,
  noticesMapping,
  entrustsMapping,
  careGreetingsMapping,
  classCircleMapping,
  healthReportsMapping,
  nurseryMapping,
];
