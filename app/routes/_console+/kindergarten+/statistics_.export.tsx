import { reportExportLoader } from "~/components/report/registry.server";

/** /kindergarten/statistics/export?<filters> — the statistics report as xlsx (no component: a file download). */
export const loader = /* @__PURE__ */ reportExportLoader("statistics");
