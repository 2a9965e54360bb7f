import { resourceExportLoader } from "~/resources/route";

/** /teaching/trainingMaterials/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("trainingMaterials");
