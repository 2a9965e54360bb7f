import { resourceExportLoader } from "~/resources/route";

/** /user/expert/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("expertTeachers");
