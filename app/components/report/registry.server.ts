import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsReport } from "@contract/entities/statistics";
import { ADMISSION_REPORTS, type AdmissionReportId } from "@contract/entities/admission-reports";
import { commentRateReport } from "@contract/entities/teaching-comment-rate";
import type { ReportDefinition } from "@contract/report";
import { pageLoader } from "~/utils/page";
import { loadReport, reportExport } from "./report.server";

/**
 * The console's reports by id. A report page's route module names its report here (`reportPageLoader("statistics")`)
 * instead of importing the definition, so the page's browser code never downloads the definition's zod schemas.
 * A new report: its definition in contract/, one line here, a page and an export route (docs/architecture.md).
 * The page's loader is a function that calls it, never a call at module level (`export const loader = (args) =>
 * reportPageLoader("statistics")(args)`): the browser bundle keeps top-level calls, and a .server module is empty there
 * (tests/unit/route-modules.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each report has its own reply schema
const REPORTS: Record<string, ReportDefinition<any>> = { statistics: statisticsReport, ...ADMISSION_REPORTS, expertCommentRate: commentRateReport };
export type ReportId = "statistics" | AdmissionReportId | "expertCommentRate";

const reportOf = (id: ReportId) => {
  const def = REPORTS[id];
  if (!def) throw new Error(`unknown report ${id}`);
  return def;
};

/** The page's loader (the page rule of the report's page, then `loadReport`). */
export const reportPageLoader = (id: ReportId) => pageLoader(({ request }) => loadReport(request, reportOf(id)));

/** `<page>/export`: the report's xlsx through the console's upstream client. */
export const reportExportLoader =
  (id: ReportId) =>
  ({ request }: LoaderFunctionArgs) =>
    reportExport(request, reportOf(id));
