import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { sql, type Kysely } from "kysely";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  age06Schema,
  attendanceEntrySchema,
  attendanceSettingsSchema,
  classAttendanceSchema,
  dayQuerySchema,
  manualSchema,
  monthQuerySchema,
  type AttendanceChange,
  type AttendanceDay,
  type AttendanceMonth,
  type AttendanceRow,
  type DayState,
  type ManualReply,
} from "@contract/entities/students";
import { rateOf } from "@contract/entities/statistics";
import { Role } from "@contract/roles";
import type { App, AppEnv, Deps } from "@api/context";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { write } from "@api/db/audit";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { conflict, forbidden, langOf, ok } from "@api/http";
import { classFilter, scoped, type Scope } from "@api/tenancy";
import { todayCn } from "@contract/daily/time";
import { DEFAULT_LATE_AFTER, lateAfterOf, onLeave } from "@api/services/attendance";
import { envelope, tokenHeader } from "../routes/common";
import { fieldErrors } from "./engine";
import { schemaMessage } from "./engine/forms";
import { replyOk, runCustom } from "./custom-routes";
import { registerStudentFileOwner } from "./students";

const CHECK_PAGE = "/student/studentCheck";
const MANUAL_PAGE = "/student/studentManual";
const AGE06_PAGE = "/student/studentAge06";

/** A zod schema over form/query params as the console parses them (conform), 422 per field with our keys. */
function parseWith<T extends z.ZodTypeAny>(schema: T, params: URLSearchParams): z.infer<T> {
  const s = parseWithZod(params, { schema: schema as never });
  if (s.status === "success") return s.value as z.infer<T>;
  const out: Record<string, string[]> = {};
  for (const [name, list] of Object.entries((s.error ?? {}) as Record<string, string[] | null>))
    for (const m of list ?? []) (out[name || "_"] ??= []).push(schemaMessage(m));
  throw fieldErrors(out);
}
async function formParams(c: Context): Promise<URLSearchParams> {
  const body = await c.req.parseBody({ all: true });
  const p = new URLSearchParams();
  for (const [k, raw] of Object.entries(body)) for (const v of Array.isArray(raw) ? raw : [raw]) if (typeof v === "string") p.append(k, v);
  return p;
}
const queryParams = (c: Context) => new URL(c.req.url).searchParams;

/** The caller's kindergarten (these pages belong to one kindergarten: its admin, principal, teachers, parents). */
function kgOf(scope: Scope): number {
  if (scope.kindergartenId == null) throw forbidden();
  return scope.kindergartenId;
}

const nameIn = (r: { name: string; name_en: string | null }, lang: string) => (lang === "en" && r.name_en ? r.name_en : r.name);

async function classesOf(db: Kysely<Database>, scope: Scope, kg: number, lang: string) {
  const rows = await db
    .selectFrom("classes")
    .select(["id", "name", "name_en"])
    .where("kindergarten_id", "=", kg)
    .where(classFilter(scope, "classes.id"))
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: nameIn(r, lang) }));
}

const stateOf = (r: { status: string; late: number | null } | undefined): DayState =>
  !r ? "not_arrived" : r.status === "present" ? (Number(r.late) ? "late" : "present") : (r.status as DayState);

const monthDays = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
};

/** Students of the class counted by attendance: at school, or with a record in the period. */
async function classStudents(db: Kysely<Database>, kg: number, classId: number) {
  return db
    .selectFrom("students")
    .select(["id", "name", "allergies", "status"])
    .where("kindergarten_id", "=", kg)
    .where("class_id", "=", classId)
    .where("status", "in", ["at_school", "preparatory", "suspended"])
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function attendanceDay(db: Kysely<Database>, scope: Scope, q: { classId?: number; date?: string }, lang: string): Promise<AttendanceDay> {
  const kg = kgOf(scope);
  const classes = await classesOf(db, scope, kg, lang);
  // The page opens on the school's today (China time), the day staff take attendance, not the last day with records.
  const date = q.date ?? todayCn();
  const classId = q.classId != null ? (classes.some((c) => c.id === q.classId) ? q.classId : null) : (classes[0]?.id ?? null);
  if (q.classId != null && classId == null) throw fieldErrors({ classId: ["crud:validation.choose"] });
  const counts: Record<DayState, number> = { present: 0, late: 0, absent: 0, leave: 0, not_arrived: 0 };
  if (classId == null) return { date, classId, classes, lateAfter: await lateAfterOf(db, kg), list: [], counts, rate: null, changes: [] };
  const students = await classStudents(db, kg, classId);
  const ids = students.map((s) => Number(s.id));
  const records = ids.length
    ? await db
        .selectFrom("student_attendance as a")
        .leftJoin("users as u", "u.id", "a.updated_by")
        .select(["a.student_id", "a.status", "a.late", "a.arrived_at", "a.source", "a.updated_at", "u.real_name"])
        .where("a.student_id", "in", ids)
        .where("a.date", "=", date)
        .execute()
    : [];
  const byStudent = new Map(records.map((r) => [Number(r.student_id), r]));
  const leave = await onLeave(db, ids, date);
  const list: AttendanceRow[] = students.map((s) => {
    const r = byStudent.get(Number(s.id));
    const state = stateOf(r ? { status: r.status, late: Number(r.late) } : undefined);
    counts[state]++;
    return {
      studentId: Number(s.id),
      name: s.name,
      allergies: s.allergies,
      state,
      arrivedAt: r?.arrived_at ?? null,
      source: r?.source ?? null,
      updatedByName: r?.real_name ?? null,
      updatedAt: r?.updated_at ?? null,
      leaveNote: leave.has(Number(s.id)),
    };
  });
  const total = counts.present + counts.late + counts.absent + counts.leave;
  const changes = ids.length
    ? await db
        .selectFrom("student_attendance_changes as ch")
        .innerJoin("students as s", "s.id", "ch.student_id")
        .leftJoin("users as u", "u.id", "ch.changed_by")
        .select(["s.name", "ch.date", "ch.from_status", "ch.from_late", "ch.to_status", "ch.to_late", "ch.source", "ch.remark", "u.real_name", "ch.changed_at"])
        .where("ch.student_id", "in", ids)
        .where("ch.date", "=", date)
        .orderBy("ch.id", "desc")
        .limit(200)
        .execute()
    : [];
  return {
    date,
    classId,
    classes,
    lateAfter: await lateAfterOf(db, kg),
    list,
    counts,
    rate: rateOf(counts.present + counts.late, total),
    changes: changes.map((c): AttendanceChange => ({
      studentName: c.name,
      date: c.date,
      fromState: c.from_status == null ? null : stateOf({ status: c.from_status, late: Number(c.from_late) }),
      toState: stateOf({ status: c.to_status, late: Number(c.to_late) }),
      source: c.source,
      remark: c.remark,
      byName: c.real_name ?? null,
      at: c.changed_at,
    })),
  };
}

export async function attendanceMonth(db: Kysely<Database>, scope: Scope, q: { classId?: number; month?: string }, lang: string): Promise<AttendanceMonth> {
  const kg = kgOf(scope);
  const classes = await classesOf(db, scope, kg, lang);
  const month = q.month ?? todayCn().slice(0, 7);
  const classId = q.classId != null ? (classes.some((c) => c.id === q.classId) ? q.classId : null) : (classes[0]?.id ?? null);
  if (q.classId != null && classId == null) throw fieldErrors({ classId: ["crud:validation.choose"] });
  const days = monthDays(month);
  if (classId == null) return { month, classId, classes, days, rows: [], present: 0, total: 0, rate: null };
  // One query for the whole grid: the class's records of the month (index class_id + date).
  const records = await db
    .selectFrom("student_attendance")
    .select(["student_id", "date", "status", "late"])
    .where("kindergarten_id", "=", kg)
    .where("class_id", "=", classId)
    .where("date", ">=", days[0]!)
    .where("date", "<=", days[days.length - 1]!)
    .execute();
  const students = await classStudents(db, kg, classId);
  const known = new Set(students.map((s) => Number(s.id)));
  const extra = [...new Set(records.map((r) => Number(r.student_id)).filter((id) => !known.has(id)))];
  const others = extra.length ? await db.selectFrom("students").select(["id", "name", "allergies", "status"]).where("id", "in", extra).execute() : [];
  const cells = new Map<number, Record<string, DayState | null>>();
  for (const r of records)
    (cells.get(Number(r.student_id)) ?? cells.set(Number(r.student_id), {}).get(Number(r.student_id))!)[r.date] = stateOf({
      status: r.status,
      late: Number(r.late),
    });
  let present = 0;
  let total = 0;
  const rows = [...students, ...others].map((s) => {
    const c = cells.get(Number(s.id)) ?? {};
    const vals = Object.values(c);
    const p = vals.filter((v) => v === "present" || v === "late").length;
    present += p;
    total += vals.length;
    return { studentId: Number(s.id), name: s.name, cells: c, present: p, total: vals.length, rate: rateOf(p, vals.length) };
  });
  return { month, classId, classes, days, rows, present, total, rate: rateOf(present, total) };
}

/** A manual entry or correction by staff: the day's record takes the state; the change row keeps who did what. */
async function setAttendance(deps: Deps, scope: Scope, v: z.infer<typeof attendanceEntrySchema>) {
  const kg = kgOf(scope);
  const student = await scoped
    .students(deps.db, scope)
    .select(["id", "kindergarten_id", "class_id"])
    .where("id", "=", v.studentId)
    .where("kindergarten_id", "=", kg)
    .executeTakeFirst();
  if (!student) throw fieldErrors({ studentId: ["students:attendance.errors.studentNotFound"] });
  if (v.date > todayCn()) throw fieldErrors({ date: ["students:attendance.errors.future"] });
  const { status, late } = storedAs(v.status);
  const now = nowIso();
  await write(deps.db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
    const trx = w.trx as unknown as Kysely<Database>;
    const existing = await dayRecord(trx, v.studentId, v.date);
    if (existing) {
      await w.update("student_attendance", Number(existing.id), { status, late, source: "manual", updated_by: scope.userId, updated_at: now }, "correct");
    } else {
      await w.insert("student_attendance", {
        student_id: v.studentId,
        kindergarten_id: kg,
        class_id: student.class_id == null ? null : Number(student.class_id),
        date: v.date,
        status,
        late,
        source: "manual",
        updated_by: scope.userId,
        updated_at: now,
      });
    }
    await recordManualChange(trx, { studentId: v.studentId, kg, date: v.date, existing, status, late, remark: v.remark, by: scope.userId, at: now });
  });
}

/** A child's attendance record of a day, as the manual saves read it before changing it. */
const dayRecord = (trx: Kysely<Database>, studentId: number, date: string) =>
  trx
    .selectFrom("student_attendance")
    .select(["id", "status", "late", "updated_at"])
    .where("student_id", "=", studentId)
    .where("date", "=", date)
    .executeTakeFirst();

/** A chosen state as stored: "late" is present with the late mark. */
const storedAs = <S extends string>(choice: S) =>
  choice === "late" ? { status: "present" as const, late: 1 } : { status: choice as Exclude<S, "late">, late: 0 };

/** The change row of a hand-made attendance change (one child's day): what it was, what it became, who, why. */
async function recordManualChange(
  trx: Kysely<Database>,
  c: {
    studentId: number;
    kg: number;
    date: string;
    existing: { status: string; late: unknown } | undefined;
    status: string;
    late: number;
    remark: string | null | undefined;
    by: number;
    at: string;
  },
) {
  await trx
    .insertInto("student_attendance_changes")
    .values({
      student_id: c.studentId,
      kindergarten_id: c.kg,
      date: c.date,
      from_status: c.existing?.status ?? null,
      from_late: c.existing ? Number(c.existing.late) : null,
      to_status: c.status,
      to_late: c.late,
      source: "manual",
      remark: c.remark ?? null,
      changed_by: c.by,
      changed_at: c.at,
    })
    .execute();
}

/**
 * One save for a class's day (`classAttendanceSchema`): each child whose chosen state differs from the record gets
 * it (with a change row), all in one transaction. A child whose state is no longer the one the form showed (`seen`)
 * refuses the whole save with 409: of two saves of the same day the first is stored, the second changes nothing and
 * asks to reload. The record's `updated_at` guards the update in the transaction (PostgreSQL's concurrent writers);
 * a record created meanwhile makes the insert do nothing.
 */
async function saveClassDay(deps: Deps, scope: Scope, v: z.infer<typeof classAttendanceSchema>): Promise<number> {
  const kg = kgOf(scope);
  const classes = await classesOf(deps.db, scope, kg, "zh");
  if (!classes.some((c) => c.id === v.classId)) throw fieldErrors({ classId: ["crud:validation.choose"] });
  if (v.date > todayCn()) throw fieldErrors({ date: ["students:attendance.errors.future"] });
  const inClass = new Set((await classStudents(deps.db, kg, v.classId)).map((s) => Number(s.id)));
  const strangers = v.entries.map((e, i) => [e, i] as const).filter(([e]) => !inClass.has(e.studentId));
  if (strangers.length)
    throw fieldErrors(Object.fromEntries(strangers.map(([, i]) => [`entries[${i}].studentId`, ["students:attendance.errors.studentNotFound"]])));
  const now = nowIso();
  return write(deps.db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
    const trx = w.trx as unknown as Kysely<Database>;
    let changed = 0;
    // In student order, so that two concurrent saves take the rows' locks in the same order.
    for (const e of [...v.entries].sort((a, b) => a.studentId - b.studentId)) {
      const existing = await dayRecord(trx, e.studentId, v.date);
      const current = stateOf(existing ? { status: existing.status, late: Number(existing.late) } : undefined);
      if (current !== e.seen) throw conflict("students:attendance.errors.changedMeanwhile");
      if (current === e.status) continue;
      const { status, late } = storedAs(e.status);
      const patch = { status, late, source: "manual" as const, updated_by: scope.userId, updated_at: now };
      const stored = existing
        ? await w.updateWhere("student_attendance", Number(existing.id), patch, "correct", "updated_at", [existing.updated_at ?? ""])
        : await trx
            .insertInto("student_attendance")
            .values({ ...patch, student_id: e.studentId, kindergarten_id: kg, class_id: v.classId, date: v.date })
            .onConflict((oc) => oc.columns(["student_id", "date"]).doNothing())
            .returning("id")
            .executeTakeFirst();
      if (!stored) throw conflict("students:attendance.errors.changedMeanwhile");
      await recordManualChange(trx, { studentId: e.studentId, kg, date: v.date, existing, status, late, remark: e.remark, by: scope.userId, at: now });
      changed++;
    }
    return changed;
  });
}

async function manualOf(db: Kysely<Database>, scope: Scope, version: number | null): Promise<ManualReply> {
  const kg = kgOf(scope);
  const rows = await db
    .selectFrom("student_manuals as m")
    .leftJoin("users as u", "u.id", "m.created_by")
    .select(["m.version", "m.title", "m.note", "m.created_at", "u.real_name"])
    .where("m.kindergarten_id", "=", kg)
    .orderBy("m.version", "desc")
    .limit(100)
    .execute();
  const versions = rows.map((r) => ({ version: Number(r.version), title: r.title, note: r.note, createdByName: r.real_name ?? null, createdAt: r.created_at }));
  const wanted = version ?? versions[0]?.version ?? null;
  const cur =
    wanted == null
      ? null
      : await db
          .selectFrom("student_manuals")
          .select(["version", "content"])
          .where("kindergarten_id", "=", kg)
          .where("version", "=", wanted)
          .executeTakeFirst();
  const meta = cur ? versions.find((x) => x.version === Number(cur.version)) : null;
  return { current: cur && meta ? { ...meta, content: cur.content } : null, versions, canEdit: scope.roleId === Role.kindergartenAdmin };
}

const dayReply = z.object({}).passthrough();

/**
 * The Students section's endpoints that are no resource list:
 *   GET  students/attendance/?classId&date          a class's day (present, late, absent, leave, not yet arrived) + changes
 *   GET  students/attendance/month/?classId&month   the month grid of a class
 *   POST students/attendance/                       manual entry or correction (studentId, date, status, remark)
 *   POST students/attendance/class/                 one save for a class's day (classId, date, entries[i].studentId/status/seen/remark)
 *   POST students/attendance/settings/              the kindergarten's late rule (lateAfter HH:MM)
 *   GET  students/manual/?version                   the student manual (latest or a version) and its versions
 *   POST students/manual/                           a new version (kindergarten admin)
 *   GET  students/age06/                            the age 0–6 platform address of the kindergarten
 *   POST students/age06/                            set it (kindergarten admin)
 */
export function registerStudentRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage } = makeGuards(deps);
  registerStudentFileOwner();
  const doc = (method: "get" | "post", path: string, operationId: string, summary: string) =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      operationId,
      tags: ["students"],
      summary,
      security: tokenHeader,
      responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(dayReply) } } } },
    });
  const adminOnly = (scope: Scope) => {
    if (scope.roleId !== Role.kindergartenAdmin) throw forbidden();
  };

  doc("get", "/students/attendance/", "studentAttendanceDay", "A class's attendance of one day (page /student/studentCheck)");
  app.get(
    "/students/attendance/",
    requireAuth,
    requirePage(CHECK_PAGE),
    runCustom(async (c: Context<AppEnv>) => ok(c, await attendanceDay(db, scopeOf(c), parseWith(dayQuerySchema, queryParams(c)), langOf(c)))),
  );
  doc("get", "/students/attendance/month/", "studentAttendanceMonth", "A class's attendance grid of one month (page /student/studentCheck)");
  app.get(
    "/students/attendance/month/",
    requireAuth,
    requirePage(CHECK_PAGE),
    runCustom(async (c: Context<AppEnv>) => ok(c, await attendanceMonth(db, scopeOf(c), parseWith(monthQuerySchema, queryParams(c)), langOf(c)))),
  );
  doc("post", "/students/attendance/", "studentAttendanceSet", "Manual attendance entry or correction (keeps who changed what)");
  app.post(
    "/students/attendance/",
    requireAuth,
    requirePage(CHECK_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const v = parseWith(attendanceEntrySchema, await formParams(c));
      await setAttendance(deps, scopeOf(c), v);
      return replyOk(c, { studentId: v.studentId, date: v.date, status: v.status }, "students:attendance.saved");
    }),
  );
  doc(
    "post",
    "/students/attendance/class/",
    "studentAttendanceClass",
    "One save for a class's day: every child's state (409 when a record changed since the form was read)",
  );
  app.post(
    "/students/attendance/class/",
    requireAuth,
    requirePage(CHECK_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const v = parseWith(classAttendanceSchema, await formParams(c));
      const changed = await saveClassDay(deps, scopeOf(c), v);
      return replyOk(c, { classId: v.classId, date: v.date, changed }, "students:attendance.classSaved");
    }),
  );
  doc("post", "/students/attendance/settings/", "studentAttendanceSettings", "The kindergarten's late rule: arrivals after lateAfter (HH:MM) are late");
  app.post(
    "/students/attendance/settings/",
    requireAuth,
    requirePage(CHECK_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const v = parseWith(attendanceSettingsSchema, await formParams(c));
      await upsertSettings(deps, scope, { late_after: v.lateAfter });
      return replyOk(c, { lateAfter: v.lateAfter }, "students:attendance.settingsSaved");
    }),
  );

  doc("get", "/students/manual/", "studentManual", "The student manual (latest, or ?version=) and its versions (page /student/studentManual)");
  app.get(
    "/students/manual/",
    requireAuth,
    requirePage(MANUAL_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const raw = queryParams(c).get("version");
      const version = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : null;
      if (raw && version == null) throw fieldErrors({ version: ["crud:validation.integer"] });
      return ok(c, await manualOf(db, scopeOf(c), version));
    }),
  );
  doc("post", "/students/manual/", "studentManualSave", "Save the student manual as a new version (kindergarten admin)");
  app.post(
    "/students/manual/",
    requireAuth,
    requirePage(MANUAL_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      adminOnly(scope);
      const v = parseWith(manualSchema, await formParams(c));
      const kg = kgOf(scope);
      const save = () =>
        write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
          const last = await w.trx
            .selectFrom("student_manuals")
            .select(sql<number>`max(version)`.as("v"))
            .where("kindergarten_id", "=", kg)
            .executeTakeFirst();
          const version = Number(last?.v ?? 0) + 1;
          await w.insert("student_manuals", {
            kindergarten_id: kg,
            version,
            title: v.title,
            content: v.content,
            note: v.note ?? null,
            created_by: scope.userId,
            created_at: nowIso(),
          });
          return version;
        });
      // Two saves at once: the unique (kindergarten, version) refuses the second; it retries on the next number.
      const version = await save().catch(() => save());
      return replyOk(c, { version }, "students:manual.saved", { version });
    }),
  );

  doc("get", "/students/age06/", "studentAge06", "The age 0–6 platform address of the caller's kindergarten (page /student/studentAge06)");
  app.get(
    "/students/age06/",
    requireAuth,
    requirePage(AGE06_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const kg = kgOf(scopeOf(c));
      const row = await db.selectFrom("student_settings").select(["age06_url", "updated_at"]).where("kindergarten_id", "=", kg).executeTakeFirst();
      return ok(c, { url: row?.age06_url ?? null, updatedAt: row?.updated_at ?? null });
    }),
  );
  doc("post", "/students/age06/", "studentAge06Save", "Set the age 0–6 platform address (http or https)");
  app.post(
    "/students/age06/",
    requireAuth,
    requirePage(AGE06_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      adminOnly(scope);
      const v = parseWith(age06Schema, await formParams(c));
      await upsertSettings(deps, scope, { age06_url: v.url });
      return replyOk(c, { url: v.url }, "students:age06.saved");
    }),
  );
}

async function upsertSettings(deps: Deps, scope: Scope, patch: { late_after?: string; age06_url?: string }) {
  const kg = kgOf(scope);
  const now = nowIso();
  await write(deps.db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
    const trx = w.trx as unknown as Kysely<Database>;
    await trx
      .insertInto("student_settings")
      .values({ kindergarten_id: kg, late_after: DEFAULT_LATE_AFTER, updated_at: now })
      .onConflict((oc) => oc.column("kindergarten_id").doNothing())
      .execute();
    const row = await trx.selectFrom("student_settings").select("id").where("kindergarten_id", "=", kg).executeTakeFirstOrThrow();
    await w.update("student_settings", Number(row.id), { ...patch, updated_by: scope.userId, updated_at: now }, "settings");
  });
}
