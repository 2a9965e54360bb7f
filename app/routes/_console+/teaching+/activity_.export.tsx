import { resourceExportLoader } from "~/resources/route";

/** /teaching/activity/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("courseRecords");
