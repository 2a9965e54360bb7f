import { resourceExportLoader } from "~/resources/route";

/** /daily/medication/export?format=xlsx|csv&<list filters> */
export const loader = /* @__PURE__ */ resourceExportLoader("medications");
