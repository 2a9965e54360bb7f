import * as z from "zod";

/** GET statistics/kindergartens/ (page /kindergarten/statistics): counts and attendance per group and kindergarten. */
const counts = {
  kindergartens: z.number().int(),
  classes: z.number().int(),
  students: z.number().int(),
  teachers: z.number().int(),
  /** Attendance records in the window and how many of them were "present". */
  attendanceTotal: z.number().int(),
  attendancePresent: z.number().int(),
  /** present / total in percent (one decimal), null without records. */
  attendanceRate: z.number().nullable(),
};

export const statisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  educationGroupId: z.number().int().nullable(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable(), ...counts })),
  kindergartens: z.array(
    z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable(), groupId: z.number().int(), groupName: z.string(), ...counts }),
  ),
  daily: z.array(z.object({ date: z.string(), total: z.number().int(), present: z.number().int(), rate: z.number().nullable() })),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** Attendance rate in percent with one decimal (null without records). */
export const rateOf = (present: number, total: number) => (total > 0 ? Math.round((present / total) * 1000) / 10 : null);
