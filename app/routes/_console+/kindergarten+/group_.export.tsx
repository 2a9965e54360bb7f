import { resourceExportLoader } from "~/resources/route";

/** /kindergarten/group/export?format=xlsx|csv&<list filters>. */
export const loader = /* @__PURE__ */ resourceExportLoader("groups");
