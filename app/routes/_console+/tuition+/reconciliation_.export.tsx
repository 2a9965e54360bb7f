import { resourceExportLoader } from "~/resources/route";

/** /tuition/reconciliation/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("tuitionReconciliations");
