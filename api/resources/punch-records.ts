import { sql } from "kysely";
import { punchRecords } from "@contract/resources/punch-records";
import { defineMapping } from "./engine";

/**
 * Punch-in records (read-only): table `punch_records` with the teacher and kindergarten names; late and
 * early are computed against the kindergarten's punch-in setting (HH:MM text compares lexically).
 */
export const punchRecordsMapping = defineMapping({
  def: punchRecords,
  table: "punch_records",
  alias: "pr",
  from: (db) =>
    db
      .selectFrom("punch_records as pr")
      .innerJoin("users as u", "u.id", "pr.user_id")
      .innerJoin("kindergartens as k", "k.id", "pr.kindergarten_id")
      .leftJoin("punch_settings as ps", "ps.kindergarten_id", "pr.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "pr.id",
    teacherId: "pr.user_id",
    teacherName: "u.real_name",
    teacherPhone: "u.phone",
    kindergartenId: "pr.kindergarten_id",
    kindergartenName: "k.name",
    date: "pr.date",
    clockIn: "pr.clock_in",
    clockOut: "pr.clock_out",
    wifiName: "pr.wifi_name",
    mac: "pr.mac",
    late: sql`(case when ps.id is not null and pr.clock_in is not null and pr.clock_in > ps.work_start then 1 else 0 end)`,
    early: sql`(case when ps.id is not null and pr.clock_out is not null and pr.clock_out < ps.work_end then 1 else 0 end)`,
  },
  kindergartenColumn: "kindergarten_id",
  writable: {},
});
