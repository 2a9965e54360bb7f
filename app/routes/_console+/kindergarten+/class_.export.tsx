import { resourceExportLoader } from "~/resources/route";

/** /kindergarten/class/export?format=xlsx|csv&<list filters> (and ?template=xlsx|csv): streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("classes");
