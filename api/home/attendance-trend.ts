import { sql } from "kysely";
import { z } from "@hono/zod-openapi";
import { Role, type RoleId } from "@contract/roles";
import { addDays, mondayOf, todayCn } from "@contract/daily/time";
import { rateOf } from "@contract/entities/statistics";
import type { Db } from "@api/db";
import { scoped, type Scope } from "@api/tenancy";

/**
 * Home's attendance picture for the roles that watch a kindergarten, a group or a district (issue 26, item 9):
 * today's figure and a trend of the last weeks, in the school's today (China time), through api/tenancy.
 * - today: children present (late included) of the children at school, none before the first record of the day;
 *   `recorded` says how many records the day has yet.
 * - weeks: Monday-based, the last WEEKS weeks ending with this one (`partial`: it has not ended); each week's rate is
 *   present over records, as the statistics page counts it.
 */
export const ATTENDANCE_ROLES: readonly RoleId[] = [
  Role.principal,
  Role.kindergartenAdmin,
  Role.superAdmin,
  Role.groupLeader,
  Role.bureauLeader,
  Role.groupAdmin,
];
export const WEEKS = 8;

export const attendanceSummarySchema = z.object({
  today: z.object({ date: z.string(), present: z.number().int(), recorded: z.number().int(), students: z.number().int(), rate: z.number().nullable() }),
  weeks: z.array(
    z.object({ from: z.string(), to: z.string(), present: z.number().int(), total: z.number().int(), rate: z.number().nullable(), partial: z.boolean() }),
  ),
});
export type AttendanceSummary = z.infer<typeof attendanceSummarySchema>;

export async function attendanceSummary(db: Db, scope: Scope, today = todayCn()): Promise<AttendanceSummary | null> {
  if (!ATTENDANCE_ROLES.includes(scope.roleId)) return null;
  const kindergartens = scoped.kindergartens(db, scope).select("kindergartens.id");
  const first = addDays(mondayOf(today), -7 * (WEEKS - 1));
  const days = await db
    .selectFrom("student_attendance")
    .select(["date", sql<number>`count(*)`.as("total"), sql<number>`sum(case when status = 'present' then 1 else 0 end)`.as("present")])
    .where("kindergarten_id", "in", kindergartens)
    .where("date", ">=", first)
    .where("date", "<=", today)
    .groupBy("date")
    .execute();
  const students = await scoped
    .students(db, scope)
    .where("students.status", "=", "at_school")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirst();
  const onDay = new Map(days.map((d) => [d.date, { total: Number(d.total), present: Number(d.present ?? 0) }]));
  const weeks = Array.from({ length: WEEKS }, (_, i) => {
    const from = addDays(first, 7 * i);
    const to = addDays(from, 6);
    let present = 0;
    let total = 0;
    for (let d = 0; d < 7; d++) {
      const day = onDay.get(addDays(from, d));
      present += day?.present ?? 0;
      total += day?.total ?? 0;
    }
    return { from, to, present, total, rate: rateOf(present, total), partial: to >= today };
  });
  const t = onDay.get(today) ?? { total: 0, present: 0 };
  const enrolled = Number(students?.n ?? 0);
  return { today: { date: today, present: t.present, recorded: t.total, students: enrolled, rate: t.total ? rateOf(t.present, enrolled) : null }, weeks };
}
