import { resourceExportLoader } from "~/resources/route";

/** /admission/reconciliation/export?format=xlsx|csv&<list filters> (and ?template=xlsx|csv). */
export const loader = /* @__PURE__ */ resourceExportLoader("admissionReconciliations");
