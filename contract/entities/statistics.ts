import * as z from "zod";
import { defineReport } from "../report";

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

/** A name in the reader's language (the English twin where set). */
const nameIn = (x: { name: string; nameEn: string | null }, lang: "zh" | "en") => (lang === "en" && x.nameEn ? x.nameEn : x.name);
const L = (k: string) => `kgmgmt:statistics.${k}`;

/**
 * The statistics page as a report (contract/report.ts): the query is api/routes/statistics.ts; the console
 * page app/routes/_console+/kindergarten+/statistics.tsx renders this definition.
 */
export const statisticsReport = defineReport({
  id: "statistics",
  title: L("title"),
  page: "/kindergarten/statistics",
  endpoint: "statistics/kindergartens/",
  fileName: "statistics",
  params: [
    { name: "educationGroupId", kind: "group", label: L("group"), empty: L("allGroups") },
    { name: "to", kind: "date", label: "reports:params.to" },
  ],
  data: statisticsSchema,
  summary: L("window"),
  sections: [
    {
      id: "groups",
      title: L("byGroup"),
      testId: "stats-groups",
      rows: (d, lang) => d.groups.map((g) => ({ ...g, name: nameIn(g, lang) })),
      columns: [
        { key: "name", label: L("group") },
        { key: "kindergartens", label: L("kindergartens"), format: "integer" },
        { key: "classes", label: L("classes"), format: "integer" },
        { key: "students", label: L("students"), format: "integer" },
        { key: "teachers", label: L("teachers"), format: "integer" },
        { key: "attendanceRate", label: L("attendanceRate"), format: "percent" },
      ],
    },
    {
      id: "kindergartens",
      title: L("chartCounts"),
      caption: L("dataTable"),
      testId: "stats-kindergartens",
      rows: (d, lang) => d.kindergartens.map((k) => ({ ...k, name: nameIn(k, lang), groupName: k.groupName })),
      columns: [
        { key: "name", label: L("kindergarten") },
        { key: "classes", label: L("classes"), format: "integer" },
        { key: "students", label: L("students"), format: "integer" },
        { key: "teachers", label: L("teachers"), format: "integer" },
        { key: "attendanceRate", label: L("attendanceRate"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("chartCounts"),
        description: L("chartCountsDesc"),
        x: "name",
        series: [
          { key: "classes", label: L("classes"), color: "#409EFF" },
          { key: "students", label: L("students"), color: "#67C23A" },
          { key: "teachers", label: L("teachers"), color: "#E6A23C" },
        ],
      },
    },
    {
      id: "rates",
      title: L("chartRateByKg"),
      caption: L("dataTable"),
      rows: (d, lang) => d.kindergartens.map((k) => ({ ...k, name: nameIn(k, lang), groupName: k.groupName })),
      columns: [
        { key: "name", label: L("kindergarten") },
        { key: "attendancePresent", label: L("present"), format: "integer" },
        { key: "attendanceTotal", label: L("total"), format: "integer" },
        { key: "attendanceRate", label: L("attendanceRate"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("chartRateByKg"),
        description: L("chartRateByKgDesc"),
        x: "name",
        series: [{ key: "attendanceRate", label: L("attendanceRate"), color: "#409EFF" }],
        unit: "%",
        max: 100,
        height: 240,
      },
    },
    {
      id: "daily",
      title: L("chartAttendance"),
      caption: L("dataTable"),
      testId: "stats-daily",
      scroll: true,
      rows: (d) => d.daily.map((x) => ({ ...x })),
      columns: [
        { key: "date", label: L("date"), format: "date" },
        { key: "present", label: L("present"), format: "integer" },
        { key: "total", label: L("total"), format: "integer" },
        { key: "rate", label: L("attendanceRate"), format: "percent" },
      ],
      chart: {
        kind: "line",
        title: L("chartAttendance"),
        description: L("chartAttendanceDesc"),
        x: "date",
        series: [{ key: "rate", label: L("attendanceRate"), color: "#409EFF" }],
        unit: "%",
        partialToday: true,
      },
    },
  ],
});
