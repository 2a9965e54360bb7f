import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { addDays, calendarDate, cnDateOf, fileDateCn, isCalendarDate, mondayOf, nowCnTime, todayCn } from "@contract/school-time";
import * as daily from "@contract/daily/time";

/** The school's calendar is China time (issue 26 item 2: Home said yesterday from 00:00 to 08:00 China time). */
describe("today at the school", () => {
  it("07:59 China time (23:59 UTC the day before) is already the school's day", () => {
    const at = Date.parse("2026-03-01T23:59:00Z");
    expect(todayCn(at)).toBe("2026-03-02");
    expect(nowCnTime(at)).toBe("07:59");
    expect(fileDateCn(at)).toBe("20260302");
  });

  it("08:00 China time (00:00 UTC) is the same day", () => {
    const at = Date.parse("2026-03-02T00:00:00Z");
    expect(todayCn(at)).toBe("2026-03-02");
    expect(nowCnTime(at)).toBe("08:00");
  });

  it("the day turns at midnight China time (16:00 UTC), not at midnight UTC", () => {
    expect(todayCn(Date.parse("2026-03-02T15:59:59Z"))).toBe("2026-03-02");
    expect(todayCn(Date.parse("2026-03-02T16:00:00Z"))).toBe("2026-03-03");
    expect(cnDateOf("2026-12-31T16:30:00.000Z")).toBe("2027-01-01");
  });

  it("whatever the machine's time zone (the date is computed from the instant, not the local clock)", () => {
    const at = Date.parse("2026-03-01T23:59:00Z");
    const tz = process.env.TZ;
    try {
      for (const zone of ["UTC", "America/Los_Angeles", "Asia/Shanghai"]) {
        process.env.TZ = zone;
        expect(todayCn(at)).toBe("2026-03-02");
      }
    } finally {
      process.env.TZ = tz;
    }
  });

  it("date arithmetic: days, Mondays, month ends and real calendar dates", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(mondayOf("2026-03-08")).toBe("2026-03-02"); // a Sunday
    expect(mondayOf("2026-03-02")).toBe("2026-03-02");
    expect(calendarDate(Date.UTC(2026, 0, 5))).toBe("2026-01-05");
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("2026-2-1")).toBe(false);
  });

  it("contract/daily/time.ts re-exports the same helpers (older imports keep working)", () => {
    expect(daily.todayCn).toBe(todayCn);
    expect(daily.addDays).toBe(addDays);
    expect(daily.mondayOf).toBe(mondayOf);
    expect(daily.nowCnTime).toBe(nowCnTime);
  });
});

/**
 * The rule: a school date never comes from `toISOString().slice(0, 10)` (or `.split("T")[0]`, `.substring(0, 10)`),
 * which is the UTC date. Only contract/school-time.ts may write it (as `calendarDate`, for date arithmetic); a
 * timestamp's school date is `cnDateOf`, today is `todayCn`.
 */
describe("no UTC dates outside the school-time helper", () => {
  const ROOTS = ["app", "api", "contract", "scripts"];
  const ALLOWED = new Set(["contract/school-time.ts"]);
  const UTC_DATE =
    /\.(toISOString|toJSON)\(\)\s*\.\s*(slice\(\s*0\s*,\s*10\s*\)|substring\(\s*0\s*,\s*10\s*\)|substr\(\s*0\s*,\s*10\s*\)|split\(\s*["'`]T["'`]\s*\)\s*\[\s*0\s*\])/;

  function* sources(dir: string): Generator<string> {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "node_modules" && !name.startsWith(".")) yield* sources(path);
      } else if (/\.(ts|tsx|js|cjs|mjs)$/.test(name)) yield path;
    }
  }

  it("finds the pattern it looks for (the rule can fail)", () => {
    expect(UTC_DATE.test("new Date().toISOString().slice(0, 10)")).toBe(true);
    expect(UTC_DATE.test('d.toISOString().split("T")[0]')).toBe(true);
    expect(UTC_DATE.test("x.toJSON().substring(0, 10)")).toBe(true);
    expect(UTC_DATE.test("new Date(t).toISOString()")).toBe(false);
  });

  it("app/, api/, contract/ and scripts/ take school dates from contract/school-time.ts", () => {
    const root = process.cwd();
    const offenders: string[] = [];
    for (const dir of ROOTS)
      for (const file of sources(join(root, dir))) {
        const rel = relative(root, file).split("\\").join("/");
        if (ALLOWED.has(rel)) continue;
        // The whole text, so that a call chain a formatter wrapped over lines is found too.
        const text = readFileSync(file, "utf8");
        for (const m of text.matchAll(new RegExp(UTC_DATE.source, "g"))) offenders.push(`${rel}:${text.slice(0, m.index).split("\n").length}: ${m[0]}`);
      }
    expect(offenders).toEqual([]);
  });
});
