import { resourceExportLoader } from "~/resources/route";

/** /assessment/categories/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("assessmentCategories");
