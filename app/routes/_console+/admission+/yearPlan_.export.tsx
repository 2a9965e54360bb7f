import { reportExportLoader } from "~/components/report/registry.server";

/** /admission/yearPlan/export?<filters> — the report as xlsx. */
export const loader = /* @__PURE__ */ reportExportLoader("admissionYearPlan");
