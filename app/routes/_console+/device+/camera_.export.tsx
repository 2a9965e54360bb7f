import { resourceExportLoader } from "~/resources/route";

/** /device/camera/export?format=xlsx|csv: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("cameras");
