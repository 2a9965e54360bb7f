import * as z from "zod";
import { findPage } from "./route-tree";

/**
 * Declarative reports (statistics, and the analysis and reconciliation reports to come): one definition
 * per report, shared by the school API (api/reports: `GET <endpoint>` JSON and `GET <endpoint>export/`
 * xlsx) and the console (app/components/report: GET filter form, tables, charts rendered on the server
 * as SVG, an Excel link). The query lives on the API side (`registerReport(app, deps, def, query)`),
 * as a resource's table mapping does; everything the console also needs is here. See docs/architecture.md.
 *
 * Texts are i18n keys with their namespace (`kgmgmt:statistics.classes`).
 */

// The parts the console's page needs live in a module without zod (the browser never downloads zod for a report).
export type { ReportChart, ReportColumn, ReportFormat, ReportParam, ReportParamKind, ReportRow, ReportView } from "./report-view";
export { exportReportValue, formatReportValue, scalarsOf } from "./report-view";
import type { ReportChart, ReportColumn, ReportParam, ReportParamKind, ReportRow, ReportView } from "./report-view";
import { exportReportValue, scalarsOf } from "./report-view";
import { isCalendarDate } from "./school-time";

export interface ReportSection<D> {
  id: string;
  /** i18n key of the panel heading. */
  title: string;
  /** i18n key of the table caption (default: the title). */
  caption?: string;
  /** The table's rows from the reply (`lang` picks names in the reader's language). */
  rows(data: D, lang: "zh" | "en"): ReportRow[];
  columns: ReportColumn[];
  chart?: ReportChart;
  /** data-testid of the table. */
  testId?: string;
  /** A long table scrolls in a box of fixed height. */
  scroll?: boolean;
}

export interface ReportDefinition<S extends z.ZodType = z.ZodType> {
  id: string;
  /** i18n key of the title (sheet name and file name of the export too). */
  title: string;
  /** The route-tree page it backs: its roles and flags gate the endpoint, the export and the page. */
  page: string;
  /** API endpoint, section 7 style (`statistics/kindergartens/`); the export is `<endpoint>export/`. */
  endpoint: string;
  /** ASCII name of the exported file (fallback for clients without RFC 5987). */
  fileName: string;
  params: ReportParam[];
  /** The reply (`data` of the envelope). */
  data: S;
  sections: ReportSection<z.infer<S>>[];
  /** A line under the filter (i18n key interpolated with the reply's scalar fields), e.g. the window. */
  summary?: string;
}

/** Identity with type inference and a check that its page exists. */
export function defineReport<S extends z.ZodType>(def: ReportDefinition<S>): ReportDefinition<S> {
  if (!findPage(def.page)) throw new Error(`report ${def.id}: page ${def.page} is not in the route tree`);
  for (const s of def.sections) {
    const keys = new Set(s.columns.map((c) => c.key));
    if (s.chart && !s.chart.series.every((x) => keys.has(x.key))) throw new Error(`report ${def.id}: chart series of ${s.id} must be columns`);
  }
  return def;
}

/** Parsed parameters: ids as numbers, dates and periods as strings, null when not given. */
export type ReportParams = Record<string, number | string | null>;

const PARAM_SCHEMA: Record<ReportParamKind, z.ZodType<number | string>> = {
  group: z
    .string()
    .regex(/^\d{1,9}$/, "crud:validation.choose")
    .transform(Number),
  kindergarten: z
    .string()
    .regex(/^\d{1,9}$/, "crud:validation.choose")
    .transform(Number),
  date: z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v), "crud:validation.date"),
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "crud:validation.date"),
};

/** The query schema of a report (messages are i18n keys, as in forms). Empty values count as not given. */
export function reportParamsSchema(def: ReportDefinition) {
  return z.object(Object.fromEntries(def.params.map((p) => [p.name, PARAM_SCHEMA[p.kind].nullish().transform((v) => v ?? null)])));
}

/** Query parameters → parsed params (by name, or by a parameter's alias), or `{errors}` per parameter name (keys are i18n keys). */
export function parseReportParams(
  def: ReportDefinition,
  query: URLSearchParams | Record<string, string | undefined>,
): { ok: true; params: ReportParams } | { ok: false; errors: Record<string, string[]> } {
  const get = (k: string) => (query instanceof URLSearchParams ? query.get(k) : query[k]) ?? undefined;
  const raw = Object.fromEntries(def.params.map((p) => [p.name, get(p.name) || (p.alias && get(p.alias)) || undefined]));
  const r = reportParamsSchema(def).safeParse(raw);
  if (r.success) return { ok: true, params: r.data as ReportParams };
  const errors: Record<string, string[]> = {};
  for (const i of r.error.issues) (errors[String(i.path[0] ?? "_")] ??= []).push(i.message);
  return { ok: false, errors };
}

/**
 * The rows of the exported sheet: each section as its title, its header row and its rows, a blank row
 * between sections (one sheet; formula characters are neutralised by the API's spreadsheet helper).
 */
export function reportSheet<S extends z.ZodType>(
  def: ReportDefinition<S>,
  data: z.infer<S>,
  lang: "zh" | "en",
  t: (key: string, params?: Record<string, string | number>) => string,
): (string | number)[][] {
  const out: (string | number)[][] = [];
  for (const s of def.sections) {
    if (out.length) out.push([]);
    out.push([t(s.title, scalarsOf(data))]);
    out.push(s.columns.map((c) => t(c.label) + (c.format === "percent" ? " (%)" : c.format === "money" ? (lang === "en" ? " (CNY)" : "（元）") : "")));
    for (const r of s.rows(data, lang)) out.push(s.columns.map((c) => exportReportValue(r[c.key], c.format)));
  }
  return out;
}

/** What the console's report page renders: the definition's plain parts and each section's rows for this reply and language. */
export function reportView<S extends z.ZodType>(def: ReportDefinition<S>, data: z.infer<S> | null, lang: "zh" | "en"): ReportView {
  return {
    id: def.id,
    title: def.title,
    page: def.page,
    summary: def.summary,
    params: def.params,
    vars: scalarsOf(data),
    sections: data == null ? null : def.sections.map(({ rows, ...section }) => ({ ...section, rows: rows(data, lang) })),
  };
}
