import { resourceExportLoader } from "~/resources/route";

/** /kindergarten/place/export?format=xlsx|csv&<list filters> (and ?template=xlsx|csv): streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("places");
