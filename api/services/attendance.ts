import type { Kysely } from "kysely";
import type { Database } from "@api/db/schema";
import { calendarDate } from "@contract/school-time";

/**
 * Student attendance (issue 11): one record per child per day (unique student_id + date), whatever its source.
 *
 * Decisions (docs/sections/students.md):
 * - Days and times are the kindergarten's wall clock, China Standard Time (UTC+8, no daylight saving). An ISO
 *   timestamp with a zone (`Z`, `+08:00`) is converted; one without a zone is taken as wall-clock time already.
 * - The first arrival of the day creates the record `present` (late = arrival after the kindergarten's
 *   `student_settings.late_after`, default 08:30); later arrivals, and a day already marked (by staff, by a passed
 *   leave note), keep what is there. Late is a flag on a present record, so statistics (status = 'present') count
 *   a late child as present, and so does the attendance page.
 * - Concurrency: INSERT … ON CONFLICT (student_id, date) DO NOTHING RETURNING id, so of two simultaneous arrivals
 *   exactly one creates the record, on SQLite and PostgreSQL alike.
 */

export type AttendanceSource = "face" | "ic" | "bus" | "manual";
export const TZ_OFFSET_MINUTES = 8 * 60;
export const DEFAULT_LATE_AFTER = "08:30";

const pad = (n: number) => String(n).padStart(2, "0");

/** The kindergarten wall-clock date (YYYY-MM-DD) and time (HH:MM:SS) of an ISO timestamp. */
export function localDateTime(at: string): { date: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/.exec(at.trim());
  if (m) return { date: m[1]!, time: m[2]!.length === 5 ? `${m[2]}:00` : m[2]! };
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) throw new Error(`invalid timestamp: ${at}`);
  const l = new Date(d.getTime() + TZ_OFFSET_MINUTES * 60_000);
  return {
    date: `${l.getUTCFullYear()}-${pad(l.getUTCMonth() + 1)}-${pad(l.getUTCDate())}`,
    time: `${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}:${pad(l.getUTCSeconds())}`,
  };
}

/** Today's date on the kindergarten wall clock. */
export function localToday(now = new Date()): string {
  return localDateTime(now.toISOString()).date;
}

export async function lateAfterOf(db: Kysely<Database>, kindergartenId: number): Promise<string> {
  const row = await db.selectFrom("student_settings").select("late_after").where("kindergarten_id", "=", kindergartenId).executeTakeFirst();
  return row?.late_after || DEFAULT_LATE_AFTER;
}

/** An arrival in or before the minute late_after (HH:MM) is on time; from the next minute on, late. */
export const isLate = (time: string, lateAfter: string) => time.slice(0, 5) > lateAfter.slice(0, 5);

/**
 * Records a child's arrival. "created" when this call made the day's record (present, late per the rule),
 * "kept" when the day already had one (an earlier arrival, or a mark by staff or a leave note).
 * Throws when the student is not in that kindergarten (callers refuse such events before).
 */
export async function recordArrival(
  db: Kysely<Database>,
  e: { studentId: number; kindergartenId: number; at: string; source: AttendanceSource; by?: number | null },
): Promise<"created" | "kept"> {
  const { date, time } = localDateTime(e.at);
  const student = await db
    .selectFrom("students")
    .select(["id", "class_id"])
    .where("id", "=", e.studentId)
    .where("kindergarten_id", "=", e.kindergartenId)
    .executeTakeFirst();
  if (!student) throw new Error(`student ${e.studentId} is not in kindergarten ${e.kindergartenId}`);
  const late = isLate(time, await lateAfterOf(db, e.kindergartenId)) ? 1 : 0;
  const now = new Date().toISOString();
  const inserted = await db
    .insertInto("student_attendance")
    .values({
      student_id: e.studentId,
      kindergarten_id: e.kindergartenId,
      class_id: student.class_id,
      date,
      status: "present",
      source: e.source,
      arrived_at: `${date}T${time}`,
      late,
      updated_by: e.by ?? null,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["student_id", "date"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return "kept";
  await db
    .insertInto("student_attendance_changes")
    .values({
      student_id: e.studentId,
      kindergarten_id: e.kindergartenId,
      date,
      from_status: null,
      to_status: "present",
      from_late: null,
      to_late: late,
      source: e.source,
      remark: null,
      changed_by: e.by ?? null,
      changed_at: now,
    })
    .execute();
  return "created";
}

/** Of the given students, those with a PASSED leave note covering `date` (YYYY-MM-DD). */
export async function onLeave(db: Kysely<Database>, studentIds: number[], date: string): Promise<Set<number>> {
  const out = new Set<number>();
  const ids = [...new Set(studentIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await db
      .selectFrom("leave_notes")
      .select("student_id")
      .where("student_id", "in", chunk)
      .where("status", "=", "passed")
      .where("start_date", "<=", date)
      .where("end_date", ">=", date)
      .execute();
    for (const r of rows) out.add(Number(r.student_id));
  }
  return out;
}

/** Weekdays (Monday–Friday) from start to end inclusive, YYYY-MM-DD; the days a leave note marks. */
export function schoolDays(start: string, end: string, max = 366): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  while (d <= last && out.length < max) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(calendarDate(d));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/**
 * A passed leave note marks its school days "leave": days without a record get one, days marked absent become
 * leave; days the child was present keep present. Runs inside the review's transaction.
 */
export async function markLeaveDays(
  db: Kysely<Database>,
  note: { student_id: number; kindergarten_id: number; class_id: number | null; start_date: string; end_date: string },
  by: number | null,
): Promise<number> {
  const now = new Date().toISOString();
  let n = 0;
  for (const date of schoolDays(note.start_date, note.end_date)) {
    const existing = await db
      .selectFrom("student_attendance")
      .select(["id", "status", "late"])
      .where("student_id", "=", note.student_id)
      .where("date", "=", date)
      .executeTakeFirst();
    if (existing && existing.status !== "absent") continue;
    if (existing) {
      await db
        .updateTable("student_attendance")
        .set({ status: "leave", late: 0, source: "manual", updated_by: by, updated_at: now })
        .where("id", "=", existing.id)
        .execute();
    } else {
      const ins = await db
        .insertInto("student_attendance")
        .values({
          student_id: note.student_id,
          kindergarten_id: note.kindergarten_id,
          class_id: note.class_id,
          date,
          status: "leave",
          source: "manual",
          late: 0,
          updated_by: by,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(["student_id", "date"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!ins) continue;
    }
    await db
      .insertInto("student_attendance_changes")
      .values({
        student_id: note.student_id,
        kindergarten_id: note.kindergarten_id,
        date,
        from_status: existing?.status ?? null,
        to_status: "leave",
        from_late: existing ? Number(existing.late) : null,
        to_late: 0,
        source: "leave_note",
        remark: null,
        changed_by: by,
        changed_at: now,
      })
      .execute();
    n++;
  }
  return n;
}

export { rateOf as attendanceRate } from "@contract/entities/statistics";
