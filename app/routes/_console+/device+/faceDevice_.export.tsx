import { resourceExportLoader } from "~/resources/route";

/** /device/faceDevice/export?format=xlsx|csv: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("faceDevicesA");
