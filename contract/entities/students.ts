import * as z from "zod";
import { fields } from "../resource";

/** Student attendance, manual and age 0–6 link (issue 11): shapes shared by the API and the console's server modules. */

/** The states a day of a child shows: the record's status, late (present, flagged), or no record yet. */
export const DAY_STATES = ["present", "late", "absent", "leave", "not_arrived"] as const;
export type DayState = (typeof DAY_STATES)[number];
/** What staff may set by hand. */
export const MANUAL_STATES = ["present", "late", "absent", "leave"] as const;
export type ManualState = (typeof MANUAL_STATES)[number];

export const attendanceEntrySchema = z.object({
  studentId: fields.ref("students:attendance.errors.studentRequired"),
  date: fields.date("students:attendance.errors.dateRequired"),
  status: fields.choice(MANUAL_STATES, "students:attendance.errors.statusRequired"),
  remark: fields.optionalText({ max: 200 }),
});

/** The most children one class save carries (a class is far smaller; the limit bounds the request). */
export const MAX_CLASS_ENTRIES = 200;

/**
 * One save for a class's day: every child's state as the form shows it (unrecorded children default to present:
 * "all present" with the exceptions marked), and `seen`, the state the form was built from. A child whose record
 * changed since (a device arrival, another admin's save) refuses the whole save: 409, nothing written.
 */
export const classAttendanceSchema = z.object({
  classId: fields.ref(),
  date: fields.date("students:attendance.errors.dateRequired"),
  entries: z
    .array(
      z.object({
        studentId: fields.ref("students:attendance.errors.studentRequired"),
        status: fields.choice(MANUAL_STATES, "students:attendance.errors.statusRequired"),
        seen: fields.choice(DAY_STATES, "students:attendance.errors.statusRequired"),
        remark: fields.optionalText({ max: 200 }),
      }),
    )
    .min(1, "students:attendance.errors.studentRequired")
    .max(MAX_CLASS_ENTRIES, `crud:validation.tooMany#max=${MAX_CLASS_ENTRIES}`),
});

export const attendanceSettingsSchema = z.object({
  lateAfter: fields.time("students:attendance.errors.lateAfterRequired"),
});

export const dayQuerySchema = z.object({
  classId: z.coerce.number({ error: "crud:validation.choose" }).int("crud:validation.choose").positive("crud:validation.choose").optional(),
  date: fields.date().optional(),
});

export const monthQuerySchema = z.object({
  classId: z.coerce.number({ error: "crud:validation.choose" }).int("crud:validation.choose").positive("crud:validation.choose").optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "students:attendance.errors.month")
    .optional(),
});

export interface AttendanceRow {
  studentId: number;
  name: string;
  allergies: string | null;
  state: DayState;
  arrivedAt: string | null;
  source: string | null;
  updatedByName: string | null;
  updatedAt: string | null;
  leaveNote: boolean;
}
export interface AttendanceChange {
  studentName: string;
  date: string;
  fromState: string | null;
  toState: string;
  source: string;
  remark: string | null;
  byName: string | null;
  at: string;
}
export interface AttendanceDay {
  date: string;
  classId: number | null;
  classes: { id: number; name: string }[];
  lateAfter: string;
  list: AttendanceRow[];
  counts: Record<DayState, number>;
  /** present (late included) over records, as the statistics page counts it */
  rate: number | null;
  changes: AttendanceChange[];
}
export interface AttendanceMonth {
  month: string;
  classId: number | null;
  classes: { id: number; name: string }[];
  days: string[];
  rows: { studentId: number; name: string; cells: Record<string, DayState | null>; present: number; total: number; rate: number | null }[];
  present: number;
  total: number;
  rate: number | null;
}

/** The student manual: a new version on every save; everybody reads the latest. */
export const manualSchema = z.object({
  title: fields.text({ max: 60, message: "students:manual.errors.titleRequired" }),
  content: fields.text({ max: 20000, message: "students:manual.errors.contentRequired" }),
  note: fields.optionalText({ max: 200 }),
});
export interface ManualVersion {
  version: number;
  title: string;
  note: string | null;
  createdByName: string | null;
  createdAt: string;
}
export interface ManualReply {
  current: (ManualVersion & { content: string }) | null;
  versions: ManualVersion[];
  canEdit: boolean;
}

/** The age 0–6 platform address (section 5: an external link; here http or https only). */
export const age06Schema = z.object({
  url: z
    .string({ error: "students:age06.errors.urlRequired" })
    .trim()
    .min(1, "students:age06.errors.urlRequired")
    .max(300, "crud:validation.tooLong#max=300")
    .refine((v) => {
      if (!/^https?:\/\//i.test(v)) return false;
      try {
        return Boolean(new URL(v).hostname);
      } catch {
        return false;
      }
    }, "students:age06.errors.urlInvalid"),
});
