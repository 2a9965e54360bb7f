import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportPage, type ReportPageData } from "~/components/report/report-page";
import { reportPageLoader } from "~/components/report/registry.server";
import { pageAction } from "~/utils/page";
import { pageMeta } from "~/utils/meta";

/**
 * /admission/customerSource — customer source analysis (contract/entities/admission-reports.ts, query in api/routes/admission-reports.ts):
 * GET filters by period and kindergarten, charts as server-rendered SVG beside their tables, Excel export.
 */
export const action = /* @__PURE__ */ pageAction();
export const loader = (args: LoaderFunctionArgs) => reportPageLoader("admissionSources")(args);
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>() as unknown as ReportPageData;
  return <ReportPage data={data} testId="admissionSources" />;
}
