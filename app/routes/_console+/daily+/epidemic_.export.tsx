import { healthReports } from "@contract/resources/daily-health-reports";
import { resourceExportLoader } from "~/resources/route";

/** /daily/epidemic/export?format=xlsx|csv&<list filters> */
export const loader = resourceExportLoader(healthReports);
