import * as z from "zod";
import { defineReport, type ReportParam } from "../report";

/**
 * The admissions reports (issue 15) on the reports machinery: each a definition here, its query in
 * api/routes/admission-reports.ts, its page `reportPageLoader("<id>")`. Filters: kindergarten (the group roles
 * pick one of their group; others have their own) and a period of months (`monthFrom`, `monthTo`, YYYY-MM, once `from`, `to`: still accepted; default the
 * twelve months ending this month). Enumerated values are translated here (rows get the reader's language).
 */
const L = (k: string) => `admission:reports.${k}`;
const int = z.number().int();
const rate = z.number().nullable();

const kgParam: ReportParam = { name: "kindergartenId", kind: "kindergarten", label: L("kindergarten"), empty: L("allKindergartens"), roles: [9, 16] };
const periodParams: ReportParam[] = [
  kgParam,
  { name: "monthFrom", alias: "from", kind: "period", label: L("from") },
  { name: "monthTo", alias: "to", kind: "period", label: L("to") },
];

type Lang = "zh" | "en";
const T: Record<string, { zh: string; en: string }> = {
  "stage.new": { zh: "新客户", en: "New" },
  "stage.contacted": { zh: "已联系", en: "Contact made" },
  "stage.toured": { zh: "已参观", en: "Campus tour" },
  "stage.reserved": { zh: "已占位", en: "Place reserved" },
  "stage.paid": { zh: "已缴费", en: "Tuition paid" },
  "stage.lost": { zh: "已流失", en: "Lost" },
  "opportunity.unconcluded": { zh: "未成交", en: "Unconcluded" },
  "opportunity.success": { zh: "成功", en: "Success" },
  "opportunity.failed": { zh: "失败", en: "Failed" },
  "source.walkIn": { zh: "到访", en: "Walk-in" },
  "source.referral": { zh: "转介绍", en: "Referral" },
  "source.wechat": { zh: "微信", en: "WeChat" },
  "source.online": { zh: "网络", en: "Online" },
  "source.event": { zh: "活动", en: "Event" },
  "source.other": { zh: "其他", en: "Other" },
  "level.pre": { zh: "托班", en: "Pre" },
  "level.junior": { zh: "小班", en: "Junior" },
  "level.middle": { zh: "中班", en: "Middle" },
  "level.senior": { zh: "大班", en: "Senior" },
  "period.month": { zh: "每月", en: "Monthly" },
  "period.term": { zh: "每学期", en: "Per term" },
  "period.year": { zh: "每年", en: "Yearly" },
  "period.once": { zh: "一次性", en: "Once" },
};
/** The label of a stored value in the reader's language (the value itself when unknown). */
export const vocabLabel = (kind: string, value: string, lang: Lang) => T[`${kind}.${value}`]?.[lang] ?? value;
const nameIn = (x: { name: string; nameEn: string | null }, lang: Lang) => (lang === "en" && x.nameEn ? x.nameEn : x.name);

const window = { from: z.string(), to: z.string() };

export const weeklySchema = z.object({
  ...window,
  days: z.array(z.object({ date: z.string(), newCustomers: int, communications: int, tours: int, reserved: int, paid: int })),
  teachers: z.array(z.object({ name: z.string(), newCustomers: int, communications: int, appointmentsDone: int, paid: int })),
});
export const weeklyReport = defineReport({
  id: "admissionWeekly",
  title: L("weekly.title"),
  page: "/admission/weeklyReport",
  endpoint: "admission/reports/weekly/",
  fileName: "admission-weekly",
  params: [kgParam, { name: "date", kind: "date", label: L("weekOf") }],
  data: weeklySchema,
  summary: L("window"),
  sections: [
    {
      id: "days",
      title: L("weekly.days"),
      testId: "weekly-days",
      rows: (d) => d.days.map((x) => ({ ...x })),
      columns: [
        { key: "date", label: L("date"), format: "date" },
        { key: "newCustomers", label: L("newCustomers"), format: "integer" },
        { key: "communications", label: L("communications"), format: "integer" },
        { key: "tours", label: L("tours"), format: "integer" },
        { key: "reserved", label: L("reserved"), format: "integer" },
        { key: "paid", label: L("paid"), format: "integer" },
      ],
      chart: {
        kind: "bar",
        title: L("weekly.days"),
        description: L("weekly.daysDesc"),
        x: "date",
        series: [
          { key: "newCustomers", label: L("newCustomers"), color: "#409EFF" },
          { key: "communications", label: L("communications"), color: "#67C23A" },
          { key: "tours", label: L("tours"), color: "#E6A23C" },
          { key: "paid", label: L("paid"), color: "#F56C6C" },
        ],
      },
    },
    {
      id: "teachers",
      title: L("weekly.teachers"),
      rows: (d) => d.teachers.map((x) => ({ ...x })),
      columns: [
        { key: "name", label: L("teacher") },
        { key: "newCustomers", label: L("newCustomers"), format: "integer" },
        { key: "communications", label: L("communications"), format: "integer" },
        { key: "appointmentsDone", label: L("appointmentsDone"), format: "integer" },
        { key: "paid", label: L("paid"), format: "integer" },
      ],
    },
  ],
});

export const chargingSchema = z.object({
  items: z.array(
    z.object({
      kindergarten: z.string(),
      kindergartenEn: z.string().nullable(),
      level: z.string(),
      item: z.string(),
      itemEn: z.string().nullable(),
      period: z.string(),
      amount: int,
    }),
  ),
  levels: z.array(z.object({ level: z.string(), monthly: int, yearly: int })),
});
export const chargingReport = defineReport({
  id: "admissionCharging",
  title: L("charging.title"),
  page: "/admission/chargingStandard",
  endpoint: "admission/reports/charging/",
  fileName: "charging-standard",
  params: [kgParam],
  data: chargingSchema,
  sections: [
    {
      id: "levels",
      title: L("charging.levels"),
      rows: (d, lang) => d.levels.map((x) => ({ ...x, level: vocabLabel("level", x.level, lang) })),
      columns: [
        { key: "level", label: L("level") },
        { key: "monthly", label: L("charging.monthly"), format: "money" },
        { key: "yearly", label: L("charging.yearly"), format: "money" },
      ],
      chart: {
        kind: "bar",
        title: L("charging.levels"),
        description: L("charging.levelsDesc"),
        x: "level",
        series: [{ key: "monthly", label: L("charging.monthly"), color: "#409EFF" }],
      },
    },
    {
      id: "items",
      title: L("charging.items"),
      testId: "charging-items",
      rows: (d, lang) =>
        d.items.map((x) => ({
          kindergarten: nameIn({ name: x.kindergarten, nameEn: x.kindergartenEn }, lang),
          level: vocabLabel("level", x.level, lang),
          item: lang === "en" && x.itemEn ? x.itemEn : x.item,
          period: vocabLabel("period", x.period, lang),
          amount: x.amount,
        })),
      columns: [
        { key: "kindergarten", label: L("kindergarten") },
        { key: "level", label: L("level") },
        { key: "item", label: L("charging.item") },
        { key: "period", label: L("charging.period") },
        { key: "amount", label: L("charging.amount"), format: "money" },
      ],
    },
  ],
});

export const classSituationSchema = z.object({
  classes: z.array(
    z.object({
      kindergarten: z.string(),
      name: z.string(),
      nameEn: z.string().nullable(),
      level: z.string(),
      capacity: int,
      enrolled: int,
      reserved: int,
      free: int,
    }),
  ),
});
export const classSituationReport = defineReport({
  id: "admissionClasses",
  title: L("classes.title"),
  page: "/admission/classSituation",
  endpoint: "admission/reports/classes/",
  fileName: "class-situation",
  params: [kgParam],
  data: classSituationSchema,
  sections: [
    {
      id: "classes",
      title: L("classes.places"),
      testId: "class-situation",
      rows: (d, lang) => d.classes.map((x) => ({ ...x, name: nameIn(x, lang), level: vocabLabel("level", x.level, lang) })),
      columns: [
        { key: "kindergarten", label: L("kindergarten") },
        { key: "name", label: L("class") },
        { key: "level", label: L("level") },
        { key: "capacity", label: L("classes.capacity"), format: "integer" },
        { key: "enrolled", label: L("classes.enrolled"), format: "integer" },
        { key: "reserved", label: L("reserved"), format: "integer" },
        { key: "free", label: L("classes.free"), format: "integer" },
      ],
      chart: {
        kind: "bar",
        title: L("classes.places"),
        description: L("classes.placesDesc"),
        x: "name",
        series: [
          { key: "enrolled", label: L("classes.enrolled"), color: "#409EFF" },
          { key: "reserved", label: L("reserved"), color: "#E6A23C" },
          { key: "free", label: L("classes.free"), color: "#67C23A" },
        ],
      },
    },
  ],
});

export const yearPlanSchema = z.object({
  year: int,
  months: z.array(z.object({ month: z.string(), target: int, actual: int, rate })),
  kindergartens: z.array(z.object({ name: z.string(), nameEn: z.string().nullable(), target: int, actual: int, rate })),
});
export const yearPlanReport = defineReport({
  id: "admissionYearPlan",
  title: L("yearPlan.title"),
  page: "/admission/yearPlan",
  endpoint: "admission/reports/year_plan/",
  fileName: "annual-plan",
  params: [kgParam, { name: "month", kind: "period", label: L("yearOf") }],
  data: yearPlanSchema,
  summary: L("yearPlan.summary"),
  sections: [
    {
      id: "months",
      title: L("yearPlan.months"),
      testId: "year-plan-months",
      rows: (d) => d.months.map((x) => ({ ...x })),
      columns: [
        { key: "month", label: L("month") },
        { key: "target", label: L("yearPlan.target"), format: "integer" },
        { key: "actual", label: L("yearPlan.actual"), format: "integer" },
        { key: "rate", label: L("yearPlan.rate"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("yearPlan.months"),
        description: L("yearPlan.monthsDesc"),
        x: "month",
        series: [
          { key: "target", label: L("yearPlan.target"), color: "#909399" },
          { key: "actual", label: L("yearPlan.actual"), color: "#67C23A" },
        ],
      },
    },
    {
      id: "kindergartens",
      title: L("yearPlan.kindergartens"),
      rows: (d, lang) => d.kindergartens.map((x) => ({ ...x, name: nameIn(x, lang) })),
      columns: [
        { key: "name", label: L("kindergarten") },
        { key: "target", label: L("yearPlan.target"), format: "integer" },
        { key: "actual", label: L("yearPlan.actual"), format: "integer" },
        { key: "rate", label: L("yearPlan.rate"), format: "percent" },
      ],
    },
  ],
});

export const pipelineSchema = z.object({
  ...window,
  stages: z.array(z.object({ stage: z.string(), current: int, reached: int, share: rate })),
  opportunities: z.array(z.object({ state: z.string(), count: int, share: rate })),
});
export const pipelineReport = defineReport({
  id: "admissionPipeline",
  title: L("pipeline.title"),
  page: "/admission/clueOpportunity",
  endpoint: "admission/reports/pipeline/",
  fileName: "clues-opportunities",
  params: periodParams,
  data: pipelineSchema,
  summary: L("window"),
  sections: [
    {
      id: "stages",
      title: L("pipeline.stages"),
      testId: "pipeline-stages",
      rows: (d, lang) => d.stages.map((x) => ({ ...x, stage: vocabLabel("stage", x.stage, lang) })),
      columns: [
        { key: "stage", label: L("stage") },
        { key: "current", label: L("pipeline.current"), format: "integer" },
        { key: "reached", label: L("pipeline.reached"), format: "integer" },
        { key: "share", label: L("pipeline.share"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("pipeline.stages"),
        description: L("pipeline.stagesDesc"),
        x: "stage",
        series: [{ key: "reached", label: L("pipeline.reached"), color: "#409EFF" }],
      },
    },
    {
      id: "opportunities",
      title: L("pipeline.opportunities"),
      testId: "pipeline-opportunities",
      rows: (d, lang) => d.opportunities.map((x) => ({ ...x, state: vocabLabel("opportunity", x.state, lang) })),
      columns: [
        { key: "state", label: L("opportunity") },
        { key: "count", label: L("customers"), format: "integer" },
        { key: "share", label: L("pipeline.share"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("pipeline.opportunities"),
        description: L("pipeline.opportunitiesDesc"),
        x: "state",
        series: [{ key: "count", label: L("customers"), color: "#67C23A" }],
      },
    },
  ],
});

export const sourceSchema = z.object({
  ...window,
  sources: z.array(z.object({ source: z.string(), customers: int, paid: int, lost: int, conversion: rate })),
});
export const sourceReport = defineReport({
  id: "admissionSources",
  title: L("sources.title"),
  page: "/admission/customerSource",
  endpoint: "admission/reports/sources/",
  fileName: "customer-sources",
  params: periodParams,
  data: sourceSchema,
  summary: L("window"),
  sections: [
    {
      id: "sources",
      title: L("sources.bySource"),
      testId: "sources",
      rows: (d, lang) => d.sources.map((x) => ({ ...x, source: vocabLabel("source", x.source, lang) })),
      columns: [
        { key: "source", label: L("source") },
        { key: "customers", label: L("customers"), format: "integer" },
        { key: "paid", label: L("paid"), format: "integer" },
        { key: "lost", label: L("lost"), format: "integer" },
        { key: "conversion", label: L("conversion"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("sources.bySource"),
        description: L("sources.bySourceDesc"),
        x: "source",
        series: [
          { key: "customers", label: L("customers"), color: "#409EFF" },
          { key: "paid", label: L("paid"), color: "#67C23A" },
        ],
      },
    },
  ],
});

export const enrolmentSchema = z.object({
  ...window,
  months: z.array(z.object({ month: z.string(), newCustomers: int, paid: int, conversion: rate })),
  kindergartens: z.array(z.object({ name: z.string(), nameEn: z.string().nullable(), newCustomers: int, paid: int, conversion: rate })),
});
export const enrolmentReport = defineReport({
  id: "admissionEnrolment",
  title: L("enrolment.title"),
  page: "/admission/actualAnalysis",
  endpoint: "admission/reports/enrolment/",
  fileName: "enrolment-analysis",
  params: periodParams,
  data: enrolmentSchema,
  summary: L("window"),
  sections: [
    {
      id: "months",
      title: L("enrolment.months"),
      testId: "enrolment-months",
      rows: (d) => d.months.map((x) => ({ ...x })),
      columns: [
        { key: "month", label: L("month") },
        { key: "newCustomers", label: L("newCustomers"), format: "integer" },
        { key: "paid", label: L("paid"), format: "integer" },
        { key: "conversion", label: L("conversion"), format: "percent" },
      ],
      chart: {
        kind: "line",
        title: L("enrolment.months"),
        description: L("enrolment.monthsDesc"),
        x: "month",
        series: [{ key: "paid", label: L("paid"), color: "#67C23A" }],
      },
    },
    {
      id: "kindergartens",
      title: L("enrolment.kindergartens"),
      rows: (d, lang) => d.kindergartens.map((x) => ({ ...x, name: nameIn(x, lang) })),
      columns: [
        { key: "name", label: L("kindergarten") },
        { key: "newCustomers", label: L("newCustomers"), format: "integer" },
        { key: "paid", label: L("paid"), format: "integer" },
        { key: "conversion", label: L("conversion"), format: "percent" },
      ],
    },
  ],
});

export const dropOutSchema = z.object({
  ...window,
  stages: z.array(z.object({ stage: z.string(), lost: int, share: rate })),
  months: z.array(z.object({ month: z.string(), lost: int, students: int })),
  reasons: z.array(z.object({ reason: z.string(), count: int })),
});
export const dropOutReport = defineReport({
  id: "admissionDropOut",
  title: L("dropOut.title"),
  page: "/admission/dropOutAnalysis",
  endpoint: "admission/reports/drop_out/",
  fileName: "drop-out-analysis",
  params: periodParams,
  data: dropOutSchema,
  summary: L("window"),
  sections: [
    {
      id: "stages",
      title: L("dropOut.stages"),
      testId: "dropout-stages",
      rows: (d, lang) => d.stages.map((x) => ({ ...x, stage: vocabLabel("stage", x.stage, lang) })),
      columns: [
        { key: "stage", label: L("dropOut.lostAt") },
        { key: "lost", label: L("lost"), format: "integer" },
        { key: "share", label: L("pipeline.share"), format: "percent" },
      ],
      chart: {
        kind: "bar",
        title: L("dropOut.stages"),
        description: L("dropOut.stagesDesc"),
        x: "stage",
        series: [{ key: "lost", label: L("lost"), color: "#F56C6C" }],
      },
    },
    {
      id: "months",
      title: L("dropOut.months"),
      rows: (d) => d.months.map((x) => ({ ...x })),
      columns: [
        { key: "month", label: L("month") },
        { key: "lost", label: L("lost"), format: "integer" },
        { key: "students", label: L("dropOut.students"), format: "integer" },
      ],
      chart: {
        kind: "line",
        title: L("dropOut.months"),
        description: L("dropOut.monthsDesc"),
        x: "month",
        series: [{ key: "lost", label: L("lost"), color: "#F56C6C" }],
      },
    },
    {
      id: "reasons",
      title: L("dropOut.reasons"),
      rows: (d) => d.reasons.map((x) => ({ ...x })),
      columns: [
        { key: "reason", label: L("dropOut.reason") },
        { key: "count", label: L("customers"), format: "integer" },
      ],
    },
  ],
});

export const ADMISSION_REPORTS = {
  admissionWeekly: weeklyReport,
  admissionCharging: chargingReport,
  admissionClasses: classSituationReport,
  admissionYearPlan: yearPlanReport,
  admissionPipeline: pipelineReport,
  admissionSources: sourceReport,
  admissionEnrolment: enrolmentReport,
  admissionDropOut: dropOutReport,
};
export type AdmissionReportId = keyof typeof ADMISSION_REPORTS;
