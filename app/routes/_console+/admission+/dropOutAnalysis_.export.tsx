import { reportExportLoader } from "~/components/report/registry.server";

/** /admission/dropOutAnalysis/export?<filters> — the report as xlsx. */
export const loader = /* @__PURE__ */ reportExportLoader("admissionDropOut");
