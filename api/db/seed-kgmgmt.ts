/**
 * Demo data of kindergarten management (deterministic): a punch-in setting per kindergarten,
 * 30 school days of teachers' punch-in records (some late, some leaving early) and 30 school days of
 * student attendance for every kindergarten. Called by seedDemo after the core rows exist.
 */
import type { Insertable, Kysely } from "kysely";
import type { Database } from "./schema";
import { rng } from "./names";
import { bulk, SEED_TIME } from "./seed";
import { calendarDate } from "@contract/school-time";

/** The last school day of the demo history (the demo data is dated around SEED_TIME). */
export const DEMO_LAST_SCHOOL_DAY = "2026-01-02";

/** `n` weekdays ending at `last` (inclusive), oldest first. */
export function schoolDays(last: string, n: number): string[] {
  const out: string[] = [];
  let t = Date.parse(last + "T00:00:00Z");
  while (out.length < n) {
    const d = new Date(t);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(calendarDate(d));
    t -= 86400000;
  }
  return out.reverse();
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const MACS: Record<number, string[]> = {
  1: ["a4:5e:60:d1:22:01", "a4:5e:60:d1:22:02"],
  2: ["b8:27:eb:10:00:21"],
  3: ["3c:22:fb:7a:10:03", "3c:22:fb:7a:10:04", "3c:22:fb:7a:10:05"],
  4: ["f0:18:98:44:00:41"],
};

export async function seedKindergartenManagement(db: Kysely<Database>) {
  const r = rng(20260106);
  const days = schoolDays(DEMO_LAST_SCHOOL_DAY, 30);
  const kgs = await db.selectFrom("kindergartens").select(["id", "name"]).orderBy("id").execute();
  await db.transaction().execute(async (trx) => {
    const settings: Insertable<Database["punch_settings"]>[] = kgs.map((k) => ({
      kindergarten_id: Number(k.id),
      wifi_name: Number(k.id) === 4 ? "Galaxy-Staff" : `Sunshine-${Number(k.id)}`,
      mac_addresses: JSON.stringify(MACS[Number(k.id)] ?? []),
      work_start: "08:00",
      work_end: "17:00",
      enabled: Number(k.id) === 2 ? 0 : 1,
      updated_at: SEED_TIME,
    }));
    await bulk(trx, "punch_settings", settings);

    // Teachers (role 3) of each kindergarten punch in on school days: mostly on time, some late, some leave early.
    const teachers = await trx
      .selectFrom("users")
      .innerJoin("user_roles", "user_roles.user_id", "users.id")
      .select(["users.id", "users.kindergarten_id"])
      .where("user_roles.role_id", "=", 3)
      .where("users.kindergarten_id", "is not", null)
      .orderBy("users.id")
      .execute();
    const records: Insertable<Database["punch_records"]>[] = [];
    for (const day of days)
      for (const t of teachers) {
        const kg = Number(t.kindergarten_id);
        if (r.chance(0.05)) continue; // day off
        const late = r.chance(0.12);
        const early = r.chance(0.1);
        const clockIn = late ? 8 * 60 + r.int(1, 40) : 7 * 60 + r.int(30, 59);
        const clockOut = early ? 16 * 60 + r.int(0, 50) : 17 * 60 + r.int(0, 45);
        const missingOut = r.chance(0.03);
        const macs = MACS[kg] ?? [];
        records.push({
          user_id: Number(t.id),
          kindergarten_id: kg,
          date: day,
          clock_in: hhmm(clockIn),
          clock_out: missingOut ? null : hhmm(clockOut),
          wifi_name: kg === 4 ? "Galaxy-Staff" : `Sunshine-${kg}`,
          mac: macs.length ? macs[r.int(0, macs.length - 1)]! : null,
        });
      }
    await bulk(trx, "punch_records", records, 500);

    // Student attendance: every student at school, 30 school days (about 90% present).
    const students = await trx.selectFrom("students").select(["id", "kindergarten_id", "class_id"]).where("status", "=", "at_school").orderBy("id").execute();
    const rows: Insertable<Database["student_attendance"]>[] = [];
    for (const [i, day] of days.entries()) {
      // A gentle wave per day so that the line chart has a shape.
      const presentP = 0.86 + 0.08 * Math.sin(i / 3);
      for (const s of students) {
        const x = r.next();
        const status = x < presentP ? "present" : x < presentP + (1 - presentP) / 2 ? "leave" : "absent";
        rows.push({
          student_id: Number(s.id),
          kindergarten_id: Number(s.kindergarten_id),
          class_id: s.class_id == null ? null : Number(s.class_id),
          date: day,
          status,
        });
      }
    }
    await bulk(trx, "student_attendance", rows, 1000);
  });
}
