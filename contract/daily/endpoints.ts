import * as z from "zod";
import { defineReport } from "../report";

/**
 * Page-gated endpoints of the Daily section that no resource describes (the API permission matrix reads every
 * `{ page, endpoint }` exported under contract/): `GET daily/updates/` (what is due, what happened) and the parents'
 * class-circle feed and comments under it (`daily/updates/posts/`, a parent reaches his children's classes only).
 */
export const dailyUpdates = { name: "dailyUpdates", page: "/daily/updates", endpoint: "daily/updates/" } as const;

const L = (k: string) => `daily:epidemic.rollup.${k}`;
export const epidemicRollupSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      classes: z.number().int(),
      reported: z.number().int(),
      present: z.number().int(),
      absentIll: z.number().int(),
      fevers: z.number().int(),
    }),
  ),
  kindergartens: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      nameEn: z.string().nullable(),
      classes: z.number().int(),
      reported: z.number().int(),
      present: z.number().int(),
      absentIll: z.number().int(),
      fevers: z.number().int(),
    }),
  ),
});

/**
 * The health daily reports' roll-up (page /daily/epidemic): per kindergarten on the day `to` (default today) and the
 * 14 days' trend across the kindergartens the caller reaches — the group's for the education bureau (10), read only.
 */
export const epidemicRollupReport = defineReport({
  id: "epidemicRollup",
  title: L("title"),
  page: "/daily/epidemic",
  endpoint: "daily/health_rollup/",
  fileName: "health-rollup",
  params: [{ name: "to", kind: "date", label: "reports:params.to" }],
  data: epidemicRollupSchema,
  sections: [
    {
      id: "kindergartens",
      title: L("kindergartens"),
      testId: "epidemic-kindergartens",
      rows: (d, lang) => d.kindergartens.map((k) => ({ ...k, name: lang === "en" && k.nameEn ? k.nameEn : k.name })),
      columns: [
        { key: "name", label: L("kindergarten") },
        { key: "classes", label: L("classes"), format: "integer" },
        { key: "reported", label: L("reported"), format: "integer" },
        { key: "present", label: L("present"), format: "integer" },
        { key: "absentIll", label: L("absentIll"), format: "integer" },
        { key: "fevers", label: L("fevers"), format: "integer" },
      ],
    },
    {
      id: "trend",
      title: L("days"),
      testId: "epidemic-trend",
      rows: (d) => d.days,
      columns: [
        { key: "date", label: L("date"), format: "date" },
        { key: "reported", label: L("reported"), format: "integer" },
        { key: "present", label: L("present"), format: "integer" },
        { key: "absentIll", label: L("absentIll"), format: "integer" },
        { key: "fevers", label: L("fevers"), format: "integer" },
      ],
      chart: {
        kind: "line",
        title: L("days"),
        description: L("trendDesc"),
        x: "date",
        series: [
          { key: "absentIll", label: L("absentIll"), color: "#E6A23C" },
          { key: "fevers", label: L("fevers"), color: "#F56C6C" },
        ],
        partialToday: true,
      },
    },
  ],
});
