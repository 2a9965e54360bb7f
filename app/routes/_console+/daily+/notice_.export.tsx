import { resourceExportLoader } from "~/resources/route";

/** /daily/notice/export?format=xlsx|csv&<list filters> */
export const loader = /* @__PURE__ */ resourceExportLoader("notices");
