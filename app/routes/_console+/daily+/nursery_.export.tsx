import { resourceExportLoader } from "~/resources/route";

/** /daily/nursery/export?format=xlsx|csv&<list filters> */
export const loader = /* @__PURE__ */ resourceExportLoader("nurseryRecords");
