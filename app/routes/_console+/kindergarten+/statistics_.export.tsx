import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsReport } from "@contract/entities/statistics";
import { reportExport } from "~/components/report/report.server";

/** /kindergarten/statistics/export?<filters> — the statistics report as xlsx (no component: a file download). */
export const loader = ({ request }: LoaderFunctionArgs) => reportExport(request, statisticsReport);
