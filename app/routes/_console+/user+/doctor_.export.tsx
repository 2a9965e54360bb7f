import { resourceExportLoader } from "~/resources/route";

/** /user/doctor/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("doctorStudents");
