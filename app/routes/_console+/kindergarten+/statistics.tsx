import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportPage, type ReportPageData } from "~/components/report/report-page";
import { reportPageLoader } from "~/components/report/registry.server";
import { pageAction } from "~/utils/page";
import { pageMeta } from "~/utils/meta";

/**
 * /kindergarten/statistics — the statistics report (contract/entities/statistics.ts `statisticsReport`): per group
 * and per kindergarten classes, students, teachers and the attendance rate; charts rendered on the server as inline
 * SVG (readable without JavaScript), each with a title, a description and its data table; a plain GET filter form
 * and the Excel export (`/kindergarten/statistics/export`).
 */
/** This page takes no posts; a POST still meets the guard (403, else 405). */
export const action = /* @__PURE__ */ pageAction();
export const loader = (args: LoaderFunctionArgs) => reportPageLoader("statistics")(args);
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>() as unknown as ReportPageData;
  return <ReportPage data={data} testId="statistics" />;
}
