import type { RoleId } from "./roles";

/**
 * The plain parts of a report (contract/report.ts) that the console's page renders: no zod and no functions, so a
 * report page's JavaScript stays small. contract/report.ts re-exports all of it.
 */
/** integer: 1,234; percent: a number already in percent, shown with one decimal (93.3%); money: fen shown as yuan (¥12.34). */
export type ReportFormat = "text" | "integer" | "percent" | "money" | "date";

/**
 * A parameter of the report, a query parameter of its endpoint and a field of its GET filter form:
 *  - group: `educationGroupId`-style id (select of `lookups/groups/`), narrowing to one group;
 *  - kindergarten: a kindergarten id (select of `lookups/kindergartens/`);
 *  - date: YYYY-MM-DD (a real calendar date);
 *  - period: a month YYYY-MM.
 */
export type ReportParamKind = "group" | "kindergarten" | "date" | "period";

export interface ReportParam {
  /** Query parameter name (`educationGroupId`, `to`); a date range's ends are `<field>From` and `<field>To`. */
  name: string;
  kind: ReportParamKind;
  /** i18n key of the filter label. */
  label: string;
  /** i18n key of the empty choice of a select (group/kindergarten), e.g. "all groups". */
  empty?: string;
  /** Shown in the console's filter form (default true); hidden parameters still work in URLs. */
  inForm?: boolean;
  /** Only these roles see the filter field. */
  roles?: readonly RoleId[];
  /**
   * The parameter's older name, from before date ranges were named `<field>From`/`<field>To`: still accepted (the
   * name wins when both are sent) and documented as a deprecated alias.
   */
  alias?: string;
}

export interface ReportColumn {
  /** Key of the row object. */
  key: string;
  /** i18n key of the header. */
  label: string;
  format?: ReportFormat;
}

export interface ReportChart {
  kind: "line" | "bar";
  /** i18n keys; interpolated with the reply's scalar fields (`{{from}}`). */
  title: string;
  description: string;
  /** Row key of the category (bar) or point label (line). */
  x: string;
  /** Row keys drawn, with their legend label (i18n key) and colour. A line chart draws the first. */
  series: { key: string; label: string; color: string }[];
  unit?: string;
  max?: number;
  height?: number;
  /** Line charts over school dates: the point of the school's today (not over yet) is drawn as partial. */
  partialToday?: boolean;
}

export type ReportRow = Record<string, string | number | null>;

/** A report as the page renders it: the definition's plain parts and, per section, its rows for this reply. */
export interface ReportView {
  id: string;
  title: string;
  page: string;
  summary?: string;
  params: ReportParam[];
  /** The reply's scalar fields, for interpolating texts (`{{from}}`). */
  vars: Record<string, string | number>;
  /** null: no reply (a refused filter or an upstream failure). */
  sections: ReportSectionView[] | null;
}

/** A section as rendered: its columns, chart and rows. */
export interface ReportSectionView {
  id: string;
  title: string;
  caption?: string;
  rows: ReportRow[];
  columns: ReportColumn[];
  chart?: ReportChart;
  testId?: string;
  scroll?: boolean;
}

const LOCALE = { zh: "zh-CN", en: "en-US" } as const;
/** Number formats made once per language and kind: a report formats every cell, and making a format costs far more than using one. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: "zh" | "en", kind: "integer" | "money"): Intl.NumberFormat {
  const key = `${lang}|${kind}`;
  let f = numberFormats.get(key);
  if (!f)
    numberFormats.set(
      key,
      (f = new Intl.NumberFormat(LOCALE[lang], kind === "integer" ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
    );
  return f;
}

/** A value as the report shows it (tables and charts' labels); "—" for missing numbers. */
export function formatReportValue(v: unknown, format: ReportFormat | undefined, lang: "zh" | "en"): string {
  if (v == null || v === "") return format && format !== "text" && format !== "date" ? "—" : "";
  const n = typeof v === "number" ? v : Number(v);
  switch (format) {
    case "integer":
      return Number.isFinite(n) ? numberFormat(lang, "integer").format(n) : String(v);
    case "percent":
      return Number.isFinite(n) ? `${n.toFixed(1)}%` : String(v);
    case "money":
      return Number.isFinite(n) ? `¥${numberFormat(lang, "money").format(n / 100)}` : String(v);
    default:
      return String(v);
  }
}

/**
 * A chart's category labels: dates (`YYYY-MM-DD`) as the language writes a short date ("11月23日", "Nov 23"),
 * with the year only when the dates span more than one; other labels as they are.
 */
export function chartLabels(values: unknown[], format: ReportFormat | undefined, lang: "zh" | "en"): string[] {
  const texts = values.map((v) => String(v ?? ""));
  if (format !== "date" || !texts.every((t) => /^\d{4}-\d{2}-\d{2}$/.test(t))) return texts;
  const sameYear = new Set(texts.map((t) => t.slice(0, 4))).size <= 1;
  const f = new Intl.DateTimeFormat(LOCALE[lang], { timeZone: "UTC", month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) });
  return texts.map((t) => f.format(new Date(`${t}T00:00:00Z`)));
}

/** A cell of the exported sheet: numbers stay numbers (percent: the percent value; money: yuan). */
export function exportReportValue(v: unknown, format: ReportFormat | undefined): string | number {
  if (v == null) return "";
  if (typeof v === "number" && Number.isFinite(v)) {
    if (format === "money") return Math.round(v) / 100;
    if (format === "percent") return Math.round(v * 10) / 10;
    return v;
  }
  return String(v);
}

/** The reply's scalar fields, for interpolating texts (`{{from}}`). */
export function scalarsOf(data: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (data && typeof data === "object") for (const [k, v] of Object.entries(data)) if (typeof v === "string" || typeof v === "number") out[k] = v;
  return out;
}
