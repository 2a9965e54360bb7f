import { resourceExportLoader } from "~/resources/route";

/** /kindergarten/kindergarten/export?format=xlsx|csv&<list filters>. */
export const loader = resourceExportLoader("kindergartenProfiles");
