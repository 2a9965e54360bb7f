import { studentWorks } from "@contract/resources/teaching";
import { resourceExportLoader } from "~/resources/route";

/** /teaching/StudentWorks/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = resourceExportLoader(studentWorks);
