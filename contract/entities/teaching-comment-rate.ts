import * as z from "zod";
import { defineReport } from "../report";

/** GET teaching/expert_comment_rate/ (page /teaching/ExpertComment, role 1): per expert and per teacher, submitted vs evaluated. */
const counts = {
  /** Observations and course records submitted in the period (submitted_at within from..to). */
  submitted: z.number().int(),
  /** Of those, how many the expert has evaluated. */
  evaluated: z.number().int(),
  /** evaluated / submitted in percent, one decimal; null without submissions. */
  rate: z.number().nullable(),
};
export const commentRateSchema = z.object({
  from: z.string(),
  to: z.string(),
  experts: z.array(z.object({ id: z.number().int(), name: z.string(), teachers: z.number().int(), ...counts })),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string(), expertName: z.string(), ...counts })),
});
export type CommentRate = z.infer<typeof commentRateSchema>;

export const commentRateOf = (evaluated: number, submitted: number) => (submitted > 0 ? Math.round((evaluated / submitted) * 1000) / 10 : null);

const L = (k: string) => `teaching:commentRate.${k}`;

export const commentRateReport = defineReport({
  id: "expertCommentRate",
  title: L("title"),
  page: "/teaching/ExpertComment",
  endpoint: "teaching/expert_comment_rate/",
  fileName: "expert-comment-rate",
  params: [
    { name: "dateFrom", alias: "from", kind: "date", label: "reports:params.from" },
    { name: "dateTo", alias: "to", kind: "date", label: "reports:params.to" },
  ],
  data: commentRateSchema,
  summary: L("window"),
  sections: [
    {
      id: "experts",
      title: L("byExpert"),
      caption: L("dataTable"),
      testId: "comment-rate-experts",
      rows: (d) => d.experts.map((x) => ({ ...x })),
      columns: [
        { key: "name", label: L("expert") },
        { key: "teachers", label: L("teachers"), format: "integer" },
        { key: "submitted", label: L("submitted"), format: "integer" },
        { key: "evaluated", label: L("evaluated"), format: "integer" },
        { key: "rate", label: L("rate"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("chartByExpert"),
        description: L("chartByExpertDesc"),
        x: "name",
        series: [
          { key: "submitted", label: L("submitted"), color: "#409EFF" },
          { key: "evaluated", label: L("evaluated"), color: "#67C23A" },
        ],
      },
    },
    {
      id: "teachers",
      title: L("byTeacher"),
      caption: L("dataTable"),
      testId: "comment-rate-teachers",
      scroll: true,
      rows: (d) => d.teachers.map((x) => ({ ...x })),
      columns: [
        { key: "name", label: L("teacher") },
        { key: "expertName", label: L("expert") },
        { key: "submitted", label: L("submitted"), format: "integer" },
        { key: "evaluated", label: L("evaluated"), format: "integer" },
        { key: "rate", label: L("rate"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("chartByTeacher"),
        description: L("chartByTeacherDesc"),
        x: "name",
        series: [{ key: "rate", label: L("rate"), color: "#E6A23C" }],
        unit: "%",
        max: 100,
        height: 240,
      },
    },
  ],
});
