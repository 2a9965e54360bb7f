import { sql } from "kysely";
import { Role } from "@contract/roles";
import { rateOf, statisticsReport, type Statistics } from "@contract/entities/statistics";
import type { App, Deps } from "@api/context";
import { registerReport, reportKindergartens } from "@api/reports";
import { addDays, todayCn } from "@contract/school-time";

/**
 * The statistics report (contract/entities/statistics.ts `statisticsReport`), page /kindergarten/statistics
 * (super admin): `GET statistics/kindergartens/?educationGroupId=&to=YYYY-MM-DD` and its `export/`.
 * Per group and per kindergarten the number of classes, students at school, teachers and the attendance
 * rate over 30 days ending at `to` (default: the last day with attendance records, at most today), plus the
 * daily rate of that window. Every count goes through api/tenancy (reportKindergartens).
 */
export function registerStatisticsRoutes(app: App, deps: Deps) {
  const { db } = deps;
  registerReport(app, deps, statisticsReport, async ({ scope }, params) => {
    const groupId = (params.educationGroupId as number | null) ?? null;
    const kgWhere = (col: string) => reportKindergartens(scope, col, { groupId });

    const kgs = await db
      .selectFrom("kindergartens as k")
      .innerJoin("education_groups as g", "g.id", "k.education_group_id")
      .select(["k.id", "k.name", "k.name_en", "k.education_group_id", "g.name as groupName", "g.name_en as groupNameEn"])
      .where(kgWhere("k.id"))
      .orderBy("k.id")
      .execute();

    // Window: 30 days ending at `to` (default: the latest attendance day in reach, never after today).
    const today = todayCn();
    let to = (params.to as string | null) ?? null;
    if (!to) {
      const last = await db
        .selectFrom("student_attendance as a")
        .select(sql<string>`max(a.date)`.as("d"))
        .where(kgWhere("a.kindergarten_id"))
        .where("a.date", "<=", today)
        .executeTakeFirst();
      to = last?.d ? String(last.d) : today;
    }
    const from = addDays(to, -29);

    const byKg = async (q: Promise<{ kg: unknown; n: unknown }[]>) => new Map((await q).map((r) => [Number(r.kg), Number(r.n)]));
    const [classes, students, teachers, attendance, daily] = await Promise.all([
      byKg(
        db
          .selectFrom("classes as c")
          .select(["c.kindergarten_id as kg", sql<number>`count(*)`.as("n")])
          .where(kgWhere("c.kindergarten_id"))
          .groupBy("c.kindergarten_id")
          .execute(),
      ),
      byKg(
        db
          .selectFrom("students as s")
          .select(["s.kindergarten_id as kg", sql<number>`count(*)`.as("n")])
          .where(kgWhere("s.kindergarten_id"))
          .where("s.status", "=", "at_school")
          .groupBy("s.kindergarten_id")
          .execute(),
      ),
      byKg(
        db
          .selectFrom("users as u")
          .select(["u.kindergarten_id as kg", sql<number>`count(*)`.as("n")])
          .where(kgWhere("u.kindergarten_id"))
          .where("u.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", Role.teacher))
          .groupBy("u.kindergarten_id")
          .execute(),
      ),
      db
        .selectFrom("student_attendance as a")
        .select([
          "a.kindergarten_id as kg",
          sql<number>`count(*)`.as("total"),
          sql<number>`sum(case when a.status = 'present' then 1 else 0 end)`.as("present"),
        ])
        .where(kgWhere("a.kindergarten_id"))
        .where("a.date", ">=", from)
        .where("a.date", "<=", to)
        .groupBy("a.kindergarten_id")
        .execute(),
      db
        .selectFrom("student_attendance as a")
        .select(["a.date", sql<number>`count(*)`.as("total"), sql<number>`sum(case when a.status = 'present' then 1 else 0 end)`.as("present")])
        .where(kgWhere("a.kindergarten_id"))
        .where("a.date", ">=", from)
        .where("a.date", "<=", to)
        .groupBy("a.date")
        .orderBy("a.date")
        .execute(),
    ]);
    const att = new Map(attendance.map((r) => [Number(r.kg), { total: Number(r.total), present: Number(r.present ?? 0) }]));

    const kindergartens: Statistics["kindergartens"] = kgs.map((k) => {
      const a = att.get(Number(k.id)) ?? { total: 0, present: 0 };
      return {
        id: Number(k.id),
        name: k.name,
        nameEn: k.name_en,
        groupId: Number(k.education_group_id),
        groupName: k.groupName,
        kindergartens: 1,
        classes: classes.get(Number(k.id)) ?? 0,
        students: students.get(Number(k.id)) ?? 0,
        teachers: teachers.get(Number(k.id)) ?? 0,
        attendanceTotal: a.total,
        attendancePresent: a.present,
        attendanceRate: rateOf(a.present, a.total),
      };
    });
    const groups = new Map<number, Statistics["groups"][number]>();
    for (const k of kgs) {
      const g = groups.get(Number(k.education_group_id)) ?? {
        id: Number(k.education_group_id),
        name: k.groupName,
        nameEn: k.groupNameEn,
        kindergartens: 0,
        classes: 0,
        students: 0,
        teachers: 0,
        attendanceTotal: 0,
        attendancePresent: 0,
        attendanceRate: null,
      };
      const s = kindergartens.find((x) => x.id === Number(k.id))!;
      g.kindergartens += 1;
      g.classes += s.classes;
      g.students += s.students;
      g.teachers += s.teachers;
      g.attendanceTotal += s.attendanceTotal;
      g.attendancePresent += s.attendancePresent;
      g.attendanceRate = rateOf(g.attendancePresent, g.attendanceTotal);
      groups.set(g.id, g);
    }
    const data: Statistics = {
      from,
      to,
      educationGroupId: groupId,
      groups: [...groups.values()],
      kindergartens,
      daily: daily.map((d) => ({
        date: String(d.date),
        total: Number(d.total),
        present: Number(d.present ?? 0),
        rate: rateOf(Number(d.present ?? 0), Number(d.total)),
      })),
    };
    return data;
  });
}
