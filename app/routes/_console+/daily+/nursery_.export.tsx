import { nurseryRecords } from "@contract/resources/daily-nursery";
import { resourceExportLoader } from "~/resources/route";

/** /daily/nursery/export?format=xlsx|csv&<list filters> */
export const loader = resourceExportLoader(nurseryRecords);
