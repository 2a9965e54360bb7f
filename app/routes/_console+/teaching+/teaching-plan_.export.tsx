import { resourceExportLoader } from "~/resources/route";

/** /teaching/teaching-plan/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("lessonPlans");
