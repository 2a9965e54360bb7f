import { resourceExportLoader } from "~/resources/route";

/** /daily/entrust/export?format=xlsx|csv&<list filters> */
export const loader = /* @__PURE__ */ resourceExportLoader("entrusts");
