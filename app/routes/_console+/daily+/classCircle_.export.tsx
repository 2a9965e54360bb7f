import { resourceExportLoader } from "~/resources/route";

/** /daily/classCircle/export?format=xlsx|csv&<list filters> */
export const loader = /* @__PURE__ */ resourceExportLoader("classCirclePosts");
