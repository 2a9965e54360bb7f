import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportPage, type ReportPageData } from "~/components/report/report-page";
import { reportPageLoader } from "~/components/report/registry.server";
import { pageAction } from "~/utils/page";
import { pageMeta } from "~/utils/meta";

/**
 * /teaching/ExpertComment (role 1) — the expert comment rate (contract/entities/teaching-comment-rate.ts): per expert
 * and per teacher, observations and course records submitted in the period against those evaluated, with charts
 * rendered on the server (inline SVG beside their data tables), a GET period form and the Excel export.
 */
export const action = /* @__PURE__ */ pageAction();
export const loader = (args: LoaderFunctionArgs) => reportPageLoader("expertCommentRate")(args);
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>() as unknown as ReportPageData;
  return <ReportPage data={data} testId="expert-comment-rate" />;
}
