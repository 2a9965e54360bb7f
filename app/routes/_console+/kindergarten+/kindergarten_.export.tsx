import { kindergartens } from "@contract/resources/kindergartens";
import { resourceExportLoader } from "~/resources/route";

/** /kindergarten/kindergarten/export?format=xlsx|csv&<list filters>. */
export const loader = resourceExportLoader(kindergartens);
