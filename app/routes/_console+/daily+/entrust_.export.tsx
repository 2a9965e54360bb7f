import { resourceExportLoader } from "~/resources/route";

/** /daily/entrust/export?format=xlsx|csv&<list filters> */
export const loader = resourceExportLoader("entrusts");
