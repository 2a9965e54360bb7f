import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@api/db/schema";
import { localDateTime, onLeave, recordArrival } from "@api/services/attendance";
import { startTestApi, type TestApi } from "./helpers";

let t: TestApi;
let db: Kysely<Database>;
let kg: number;
let studentIds: number[];

beforeAll(async () => {
  t = await startTestApi();
  db = t.api.handle.db;
  const rows = await db.selectFrom("students").select(["id", "kindergarten_id"]).where("kindergarten_id", "=", 1).orderBy("id").limit(3).execute();
  kg = Number(rows[0]!.kindergarten_id);
  studentIds = rows.map((r) => Number(r.id));
});
afterAll(() => t?.close());

describe("attendance service (contract for devices and buses)", () => {
  it("reads wall-clock time in UTC+8", () => {
    expect(localDateTime("2031-03-03T00:10:00Z")).toEqual({ date: "2031-03-03", time: "08:10:00" });
    expect(localDateTime("2031-03-03T23:50:00Z")).toEqual({ date: "2031-03-04", time: "07:50:00" });
    expect(localDateTime("2031-03-03T08:40")).toEqual({ date: "2031-03-03", time: "08:40:00" });
  });

  it("creates one record per child per day under concurrent arrivals; later ones keep it", async () => {
    const s = studentIds[0]!;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        recordArrival(db, { studentId: s, kindergartenId: kg, at: `2031-03-03T00:0${i}:00Z`, source: i % 2 ? "face" : "ic" }),
      ),
    );
    expect(results.filter((r) => r === "created")).toHaveLength(1);
    const rows = await db.selectFrom("student_attendance").selectAll().where("student_id", "=", s).where("date", "=", "2031-03-03").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("present");
    expect(Number(rows[0]!.late)).toBe(0);
    expect(await recordArrival(db, { studentId: s, kindergartenId: kg, at: "2031-03-03T09:30:00+08:00", source: "bus" })).toBe("kept");
  });

  it("marks a late arrival late but present; a staff mark is kept", async () => {
    const s = studentIds[1]!;
    expect(await recordArrival(db, { studentId: s, kindergartenId: kg, at: "2031-03-04T09:05:00+08:00", source: "face" })).toBe("created");
    const row = await db.selectFrom("student_attendance").selectAll().where("student_id", "=", s).where("date", "=", "2031-03-04").executeTakeFirstOrThrow();
    expect(row.status).toBe("present");
    expect(Number(row.late)).toBe(1);
    await db
      .insertInto("student_attendance")
      .values({ student_id: s, kindergarten_id: kg, class_id: null, date: "2031-03-05", status: "absent", source: "manual" })
      .execute();
    expect(await recordArrival(db, { studentId: s, kindergartenId: kg, at: "2031-03-05T08:00:00+08:00", source: "ic" })).toBe("kept");
  });

  it("refuses a student of another kindergarten", async () => {
    await expect(recordArrival(db, { studentId: studentIds[0]!, kindergartenId: kg + 1, at: "2031-03-03T08:00", source: "face" })).rejects.toThrow();
  });

  it("onLeave names students with a passed note covering the date", async () => {
    const [a, b, c] = studentIds as [number, number, number];
    const base = { kindergarten_id: kg, class_id: null, type: "absence" as const, reason: "sick" as const, created_at: new Date().toISOString() };
    await db
      .insertInto("leave_notes")
      .values([
        { ...base, student_id: a, start_date: "2031-04-01", end_date: "2031-04-03", status: "passed" },
        { ...base, student_id: b, start_date: "2031-04-01", end_date: "2031-04-03", status: "waiting" },
        { ...base, student_id: c, start_date: "2031-04-04", end_date: "2031-04-05", status: "passed" },
      ])
      .execute();
    expect([...(await onLeave(db, [a, b, c], "2031-04-03"))]).toEqual([a]);
    expect([...(await onLeave(db, [a, b, c], "2031-04-04"))]).toEqual([c]);
    expect((await onLeave(db, [], "2031-04-04")).size).toBe(0);
  });
});
