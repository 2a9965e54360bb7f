import { resourceExportLoader } from "~/resources/route";

/** /device/faceDevice2/export?format=xlsx|csv: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("faceDevicesB");
