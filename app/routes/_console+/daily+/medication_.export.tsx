import { resourceExportLoader } from "~/resources/route";

/** /daily/medication/export?format=xlsx|csv&<list filters> */
export const loader = resourceExportLoader("medications");
