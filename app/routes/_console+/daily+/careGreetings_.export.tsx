import { resourceExportLoader } from "~/resources/route";

/** /daily/careGreetings/export?format=xlsx|csv&<list filters> */
export const loader = /* @__PURE__ */ resourceExportLoader("careGreetings");
