import { resourceExportLoader } from "~/resources/route";

/** /kindergarten/kindergarten/export?format=xlsx|csv&<list filters>. */
export const loader = /* @__PURE__ */ resourceExportLoader("kindergartenProfiles");
