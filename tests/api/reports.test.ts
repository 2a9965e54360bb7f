import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { statisticsReport, statisticsSchema } from "@contract/entities/statistics";
import { phoneOf, startTestApi, type TestApi, download as downloadFrom, sheetRows } from "./helpers";

/**
 * Reports (contract/report.ts, api/reports): the statistics report's figures against a hand-counted fixture — a
 * group of two kindergartens inserted here with known classes, students, teachers and attendance — its xlsx
 * export (same figures, formula cells neutralised), its parameters (422) and its page rule (403).
 * SQLite by default; TEST_DATABASE=postgres for PostgreSQL.
 */
let t: TestApi;
let admin6: string;
let admin5: string;
const ids = { group: 0, a: 0, b: 0 };
const NOW = "2026-03-01T00:00:00.000Z";

beforeAll(async () => {
  t = await startTestApi();
  [admin6, admin5] = await Promise.all([t.token(phoneOf(6)), t.token(phoneOf(5))]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = t.api.handle.db as unknown as Kysely<any>;
  const ins = async (table: string, values: Record<string, unknown>) =>
    Number((await db.insertInto(table).values(values).returning("id").executeTakeFirstOrThrow()).id);
  ids.group = await ins("education_groups", { name: "手工统计集团", name_en: "Hand-count group", created_at: NOW });
  const kg = (name: string, code: string) =>
    ins("kindergartens", {
      name,
      name_en: null,
      education_group_id: ids.group,
      max_classes: 10,
      version: "standard",
      registration_code: code,
      created_at: NOW,
      updated_at: NOW,
    });
  // Kindergarten A's name starts with "=": the export must keep it text, never a formula.
  ids.a = await kg("=SUM(1,1)幼儿园", "RPT-A");
  ids.b = await kg("手工乙园", "RPT-B");
  const cls = (kindergarten_id: number, name: string) => ins("classes", { kindergarten_id, name, level: "pre", created_at: NOW });
  const a1 = await cls(ids.a, "A1");
  await cls(ids.a, "A2");
  const b1 = await cls(ids.b, "B1");
  const student = (kindergarten_id: number, class_id: number, name: string, status = "at_school") =>
    ins("students", { kindergarten_id, class_id, name, status, created_at: NOW, updated_at: NOW });
  const [s1, s2, s3] = [await student(ids.a, a1, "甲一"), await student(ids.a, a1, "甲二"), await student(ids.a, a1, "甲三")];
  await student(ids.a, a1, "甲四", "graduated"); // not at school: not counted
  const s5 = await student(ids.b, b1, "乙一");
  let n = 0;
  const user = async (kindergarten_id: number, roles: number[]) => {
    const id = await ins("users", {
      real_name: `统计用户${++n}`,
      phone: `1390000${String(9000 + n)}`,
      password_hash: "x",
      enabled: 1,
      education_group_id: ids.group,
      kindergarten_id,
      default_role_id: roles[0],
      bonus_points: 0,
      must_reset_password: 0,
      created_at: NOW,
      updated_at: NOW,
    });
    for (const role_id of roles) await ins("user_roles", { user_id: id, role_id });
    return id;
  };
  await user(ids.a, [3]);
  await user(ids.a, [3, 1]); // a teacher who is also principal: one teacher
  await user(ids.a, [1]); // a principal only: not a teacher
  const att = (student_id: number, kindergarten_id: number, date: string, status: string) =>
    ins("student_attendance", { student_id, kindergarten_id, class_id: null, date, status });
  await att(s1, ids.a, "2026-03-09", "present");
  await att(s2, ids.a, "2026-03-09", "present");
  await att(s3, ids.a, "2026-03-09", "absent");
  await att(s1, ids.a, "2026-03-10", "present");
  await att(s2, ids.a, "2026-03-10", "leave");
  await att(s3, ids.a, "2026-03-10", "present");
  await att(s1, ids.a, "2026-02-08", "absent"); // one day before the 30-day window: not counted
  await att(s5, ids.b, "2026-03-10", "present");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const base = statisticsReport.endpoint;

describe("statistics report against a hand-counted fixture", () => {
  it("counts exactly what was inserted (window, group narrowing, rates with one decimal)", async () => {
    const r = await t.call("GET", base, { token: admin6, query: { educationGroupId: ids.group, to: "2026-03-10" } });
    expect(r.code).toBe(200);
    const s = statisticsSchema.parse(r.data);
    // 30 days ending 2026-03-10: from 2026-02-09 (so 2026-02-08 is out).
    expect([s.from, s.to, s.educationGroupId]).toEqual(["2026-02-09", "2026-03-10", ids.group]);
    const pick = (k: (typeof s.kindergartens)[number]) => [k.id, k.classes, k.students, k.teachers, k.attendancePresent, k.attendanceTotal, k.attendanceRate];
    // A: 2 classes, 3 at school (1 graduated), 2 teachers, 4 present of 6 → 66.7 %. B: 1, 1, 0, 1 of 1 → 100 %.
    expect(s.kindergartens.map(pick)).toEqual([
      [ids.a, 2, 3, 2, 4, 6, 66.7],
      [ids.b, 1, 1, 0, 1, 1, 100],
    ]);
    // The group: the sums, and 5 present of 7 → 71.4 %.
    expect(s.groups).toHaveLength(1);
    const g = s.groups[0]!;
    expect([g.id, g.kindergartens, g.classes, g.students, g.teachers, g.attendancePresent, g.attendanceTotal, g.attendanceRate]).toEqual([
      ids.group,
      2,
      3,
      4,
      2,
      5,
      7,
      71.4,
    ]);
    // Daily: 03-09 2 of 3 → 66.7 %, 03-10 3 of 4 → 75 %.
    expect(s.daily).toEqual([
      { date: "2026-03-09", total: 3, present: 2, rate: 66.7 },
      { date: "2026-03-10", total: 4, present: 3, rate: 75 },
    ]);
    // Without `to`, the window ends at the group's last attendance day.
    const d = statisticsSchema.parse((await t.call("GET", base, { token: admin6, query: { educationGroupId: ids.group } })).data);
    expect(d.to).toBe("2026-03-10");
  });

  it("exports the same figures as xlsx, the formula-looking name kept as text", async () => {
    const { res, buf } = await downloadFrom(t.url, `${base}export/`, admin6, { educationGroupId: String(ids.group), to: "2026-03-10" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain("statistics-");
    const rows = await sheetRows(buf);
    // Section "by group": title, header, one row.
    expect(rows[0]).toEqual(["按集团"]);
    expect(rows[1]).toEqual(["集团", "幼儿园数", "班级数", "在校学生", "老师", "出勤率 (%)"]);
    expect(rows[2]).toEqual(["手工统计集团", "2", "3", "4", "2", "71.4"]);
    // Kindergarten A's row in the counts section: its name escaped with a leading quote.
    expect(rows).toContainEqual(["'=SUM(1,1)幼儿园", "2", "3", "2", "66.7"]);
    expect(rows).toContainEqual(["2026-03-10", "3", "4", "75"]);
  });

  it("refuses bad parameters (422 per parameter) and other roles (403), for the JSON and the export", async () => {
    const bad = await t.call("GET", base, { token: admin6, query: { to: "2026-02-30", educationGroupId: "x" } });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["educationGroupId", "to"]);
    expect((await t.call("GET", base, { token: admin5 })).code).toBe(403);
    const { res, buf } = await downloadFrom(t.url, `${base}export/`, admin5);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(JSON.parse(buf.toString("utf8")).code).toBe(403);
  });
});
