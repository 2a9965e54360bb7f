import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@api/db/schema";
import { addDays, todayCn } from "@contract/daily/time";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * The admin's attendance page (issue 26, item 8): it opens on the school's today, and a class's day is saved at once
 * (`POST students/attendance/class/`): every child's state, the unrecorded ones as present unless marked; a child
 * changed since the form was read refuses the whole save (409, nothing written), so of two racing saves one is stored.
 * SQLite and PostgreSQL.
 */
let t: TestApi;
let db: Kysely<Database>;
let admin: string;

type Row = { studentId: number; state: string; name: string };

beforeAll(async () => {
  t = await startTestApi();
  db = t.api.handle.db;
  admin = await t.token(phoneOf(5));
}, 120_000);
afterAll(() => t?.close());

const dayOf = async (query: Record<string, string | number> = {}) => {
  const r = await t.call("GET", "students/attendance/", { token: admin, query });
  expect(r.code).toBe(200);
  return r.data as { date: string; classId: number; list: Row[]; classes: { id: number }[]; changes: { date: string; remark: string | null }[] };
};

/** The class form's fields: each child's status (default present), `seen` the state the page showed. */
const classForm = (classId: number, date: string, list: Row[], status: (r: Row, i: number) => string = () => "present") => {
  const form: Record<string, string | number> = { classId, date };
  list.forEach((r, i) => {
    form[`entries[${i}].studentId`] = r.studentId;
    form[`entries[${i}].seen`] = r.state;
    form[`entries[${i}].status`] = status(r, i);
  });
  return form;
};

const recordsOf = (ids: number[], date: string) =>
  db.selectFrom("student_attendance").select(["student_id", "status", "late"]).where("student_id", "in", ids).where("date", "=", date).execute();

describe("attendance of a class, saved at once", () => {
  it("opens on the school's today (China time), not on the last day with records; the month view on today's month", async () => {
    const day = await dayOf();
    expect(day.date).toBe(todayCn());
    const month = await t.call("GET", "students/attendance/month/", { token: admin });
    expect(month.data.month).toBe(todayCn().slice(0, 7));
  });

  it("stores all present with the exceptions marked in one save, with a change row per child", async () => {
    const date = addDays(todayCn(), -1);
    const { classId, list } = await dayOf({ date });
    expect(list.length).toBeGreaterThan(2);
    await db.deleteFrom("student_attendance").where("date", "=", date).where("class_id", "=", classId).execute();
    const fresh = (await dayOf({ classId, date })).list;
    expect(fresh.every((r) => r.state === "not_arrived")).toBe(true);
    const mark = (_: Row, i: number) => (i === 0 ? "absent" : i === 1 ? "late" : "present");
    const saved = await t.call("POST", "students/attendance/class/", {
      token: admin,
      form: { ...classForm(classId, date, fresh, mark), "entries[0].remark": "发烧 Fever" },
    });
    expect(saved.code).toBe(200);
    expect(saved.data.changed).toBe(fresh.length);
    const after = await dayOf({ classId, date });
    expect(after.list.map((r) => r.state)).toEqual(fresh.map((r, i) => mark(r, i)));
    expect(after.changes.filter((c: { date: string }) => c.date === date)).toHaveLength(fresh.length);
    expect(after.changes.some((c: { remark: string | null }) => c.remark === "发烧 Fever")).toBe(true);
    // Saving what is there changes nothing (no change rows).
    const again = await t.call("POST", "students/attendance/class/", { token: admin, form: classForm(classId, date, after.list, (r) => r.state) });
    expect(again.code).toBe(200);
    expect(again.data.changed).toBe(0);
  });

  it("refuses a form read before another change: 409 and nothing written; of two racing saves exactly one is stored", async () => {
    const date = addDays(todayCn(), -2);
    const { classId } = await dayOf({ date });
    await db.deleteFrom("student_attendance").where("date", "=", date).where("class_id", "=", classId).execute();
    const seen = (await dayOf({ classId, date })).list;
    const ids = seen.map((r) => r.studentId);
    const [a, b] = await Promise.all([
      t.call("POST", "students/attendance/class/", { token: admin, form: classForm(classId, date, seen, () => "present") }),
      t.call("POST", "students/attendance/class/", { token: admin, form: classForm(classId, date, seen, () => "absent") }),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, 409]);
    const winner = a.code === 200 ? "present" : "absent";
    const loser = a.code === 200 ? b : a;
    expect(loser.msg).toMatch(/刷新|Reload/);
    const rows = await recordsOf(ids, date);
    expect(rows).toHaveLength(ids.length);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([winner]));
    // The stale form again (it still says "not yet arrived"): refused, the stored day unchanged.
    const stale = await t.call("POST", "students/attendance/class/", { token: admin, form: classForm(classId, date, seen, () => "leave") });
    expect(stale.code).toBe(409);
    expect(new Set((await recordsOf(ids, date)).map((r) => r.status))).toEqual(new Set([winner]));
  });

  it("answers bad input per field (422) and writes nothing; other roles may not save", async () => {
    const date = addDays(todayCn(), -3);
    const { classId, classes, list } = await dayOf({ date });
    await db.deleteFrom("student_attendance").where("date", "=", date).where("class_id", "=", classId).execute();
    const seen = (await dayOf({ classId, date })).list;
    const bad = await t.call("POST", "students/attendance/class/", {
      token: admin,
      form: { ...classForm(classId, date, seen), "entries[1].status": "maybe" },
    });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors)).toEqual(["entries[1].status"]);
    const future = await t.call("POST", "students/attendance/class/", { token: admin, form: classForm(classId, addDays(todayCn(), 1), seen) });
    expect(future.code).toBe(422);
    expect(Object.keys(future.data.errors)).toEqual(["date"]);
    // A child of another class is not this class's to save.
    const other = classes.find((c) => c.id !== classId)!;
    const theirs = (await dayOf({ classId: other.id, date })).list[0]!;
    const stranger = await t.call("POST", "students/attendance/class/", { token: admin, form: classForm(classId, date, [list[0]!, theirs]) });
    expect(stranger.code).toBe(422);
    expect(Object.keys(stranger.data.errors)).toEqual(["entries[1].studentId"]);
    expect(await recordsOf([...seen.map((r) => r.studentId), theirs.studentId], date)).toHaveLength(0);
    const teacher = await t.token(phoneOf(3));
    expect((await t.call("POST", "students/attendance/class/", { token: teacher, form: classForm(classId, date, seen) })).code).toBe(403);
  });
});
