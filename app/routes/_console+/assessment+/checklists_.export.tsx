import { resourceExportLoader } from "~/resources/route";

/** /assessment/checklists/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("assessmentChecklists");
