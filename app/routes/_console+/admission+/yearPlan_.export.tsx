import { reportExportLoader } from "~/components/report/registry.server";

/** /admission/yearPlan/export?<filters> — the report as xlsx. */
export const loader = reportExportLoader("admissionYearPlan");
