import { reportExportLoader } from "~/components/report/registry.server";

/** /admission/weeklyReport/export?<filters> — the report as xlsx. */
export const loader = /* @__PURE__ */ reportExportLoader("admissionWeekly");
