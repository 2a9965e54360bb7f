import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@api/db/schema";
import { addDays, mondayOf, todayCn } from "@contract/daily/time";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * Home (issue 26, item 9): each to-do links to its list filtered to what it counts (the filtered list holds as many
 * rows as the to-do says), a to-do of a feature the kindergarten hides is left out (the menu's rule), and the roles
 * that watch a kindergarten or more get today's attendance and a weekly trend in the school's today, through their
 * reach. SQLite and PostgreSQL.
 */
let t: TestApi;
let db: Kysely<Database>;

type Todo = { key: string; count: number; path: string };
type Week = { from: string; to: string; present: number; total: number; rate: number | null; partial: boolean };
type Summary = {
  todos: Todo[];
  attendance: null | { today: { date: string; present: number; recorded: number; students: number; rate: number | null }; weeks: Week[] };
};

beforeAll(async () => {
  t = await startTestApi();
  db = t.api.handle.db;
}, 120_000);
afterAll(() => t?.close());

const summary = async (role: number) => {
  const r = await t.call("GET", "home/summary", { token: await t.token(phoneOf(role)) });
  expect(r.code).toBe(200);
  return r.data as Summary;
};
const todo = (s: Summary, key: string) => s.todos.find((d) => d.key === key);

describe("Home to-dos", () => {
  it("link each role to its own list of waiting leave notes, filtered; the list holds what the to-do counts", async () => {
    const principal = todo(await summary(1), "daily:attention.leaveNotesWaiting")!;
    expect(principal.path).toBe("/daily/leaveNotesTeacher?status=waiting");
    const admin = todo(await summary(5), "daily:attention.leaveNotesWaiting")!;
    expect(admin.path).toBe("/student/leaveNotes?status=waiting");
    expect(admin.count).toBeGreaterThan(0);
    const list = await t.call("GET", "students/leave_notes/", { token: await t.token(phoneOf(5)), query: { status: "waiting", pageSize: 1 } });
    expect(list.data.total).toBe(admin.count);
  });

  it("filter the doctor's medication to today's (China time) and the staff's students to the counted status", async () => {
    const med = todo(await summary(7), "daily:attention.medicationDue")!;
    expect(med.path).toBe(`/daily/medication?status=todo&dateFrom=${todayCn()}&dateTo=${todayCn()}`);
    const principal = await summary(1);
    expect(todo(principal, "studentsPreparatory")?.path).toBe("/student/studentFile?status=preparatory");
    expect(todo(principal, "studentsSuspended")?.path).toBe("/student/studentFile?status=suspended");
    expect(todo(await summary(3), "daily:attention.noticesUnread")?.path).toBe("/daily/notice?unread=true");
  });

  it("leave out a feature the kindergarten hides, as the menu does (entrusts with isHideEntrust)", async () => {
    expect(todo(await summary(1), "daily:attention.entrustsToConfirm")?.path).toBe("/daily/entrust?status=to_confirm&dateFrom=" + todayCn());
    await db.updateTable("optional_functions").set({ isHideEntrust: 1 }).where("kindergarten_id", "=", 1).execute();
    try {
      const s = await summary(1);
      expect(todo(s, "daily:attention.entrustsToConfirm")).toBeUndefined();
      expect(s.todos.every((d) => typeof d.path === "string" && d.path.startsWith("/"))).toBe(true);
    } finally {
      await db.updateTable("optional_functions").set({ isHideEntrust: 0 }).where("kindergarten_id", "=", 1).execute();
    }
  });
});

describe("Home attendance: today and the weekly trend", () => {
  it("is given to the principal, the admins and the group and bureau roles only", async () => {
    for (const role of [1, 5, 6, 9, 10, 15]) expect((await summary(role)).attendance, `role ${role}`).not.toBeNull();
    for (const role of [2, 3, 4, 7, 8, 11, 12, 14]) expect((await summary(role)).attendance, `role ${role}`).toBeNull();
  });

  it("counts today's records and each week's in the school's today, within the caller's reach", async () => {
    const today = todayCn();
    const before = (await summary(1)).attendance!;
    expect(before.today.date).toBe(today);
    if (before.today.recorded === 0) expect(before.today.rate).toBeNull();
    expect(before.weeks).toHaveLength(8);
    expect(before.weeks.at(-1)!.from).toBe(mondayOf(today));
    expect(before.weeks.at(-1)!.partial).toBe(true);
    expect(before.weeks[0]!.partial).toBe(false);

    // Kindergarten 1: three children recorded today (two present, one late = present too, one absent); last week one
    // present and one absent. Kindergarten 4 (another group) gets records that no caller of group 1 may count.
    const kids = await db
      .selectFrom("students")
      .select(["id", "class_id"])
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "at_school")
      .orderBy("id")
      .limit(4)
      .execute();
    const [foreign] = await db.selectFrom("students").select(["id", "class_id"]).where("kindergarten_id", "=", 4).limit(1).execute();
    const lastWeek = addDays(today, -7);
    const ids = [...kids.map((k) => Number(k.id)), Number(foreign!.id)];
    await db.deleteFrom("student_attendance").where("student_id", "in", ids).where("date", "in", [today, lastWeek]).execute();
    const base = (await summary(1)).attendance!;
    const group = (await summary(9)).attendance!;
    const row = (k: { id: number; class_id: number | null }, kg: number, date: string, status: "present" | "absent", late = 0) => ({
      student_id: Number(k.id),
      kindergarten_id: kg,
      class_id: k.class_id == null ? null : Number(k.class_id),
      date,
      status,
      late,
      source: "manual" as const,
    });
    await db
      .insertInto("student_attendance")
      .values([
        row(kids[0]!, 1, today, "present"),
        row(kids[1]!, 1, today, "present", 1),
        row(kids[2]!, 1, today, "absent"),
        row(kids[3]!, 1, lastWeek, "present"),
        row(kids[0]!, 1, lastWeek, "absent"),
        row(foreign!, 4, today, "present"),
      ])
      .execute();
    const after = (await summary(1)).attendance!;
    expect(after.today.present - base.today.present).toBe(2);
    expect(after.today.recorded - base.today.recorded).toBe(3);
    expect(after.today.rate).toBe(Math.round((after.today.present / after.today.students) * 1000) / 10);
    const thisWeek = (s: typeof after) => s.weeks.at(-1)!;
    const prior = (s: typeof after) => s.weeks.at(-2)!;
    expect(thisWeek(after).total - thisWeek(base).total).toBe(3);
    expect(prior(after).total - prior(base).total).toBe(2);
    expect(prior(after).present - prior(base).present).toBe(1);
    expect(prior(after).rate).toBe(Math.round((prior(after).present / prior(after).total) * 1000) / 10);
    // The group leader counts her group's kindergartens, not kindergarten 4 of group 2.
    const groupAfter = (await summary(9)).attendance!;
    expect(groupAfter.today.recorded).toBeGreaterThanOrEqual(after.today.recorded);
    const foreignPrincipal = await t.call("GET", "home/summary", { token: await t.token(phoneOf(401)) });
    expect(foreignPrincipal.data.attendance.today.recorded).toBeGreaterThanOrEqual(1);
    expect(groupAfter.today.recorded - group.today.recorded).toBe(3);
  });
});
