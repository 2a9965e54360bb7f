import { resourceExportLoader } from "~/resources/route";

/** /user/userAdministration/export?format=xlsx|csv&<list filters> (and ?template=xlsx|csv): streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("users");
