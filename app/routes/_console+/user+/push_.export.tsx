import { resourceExportLoader } from "~/resources/route";

/** /user/push/export?format=xlsx|csv&<list filters>: the notification history as a file. */
export const loader = /* @__PURE__ */ resourceExportLoader("pushNotifications");
