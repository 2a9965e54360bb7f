import { resourceExportLoader } from "~/resources/route";

/** /tuition/refundCaculations/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("refundCalculations");
