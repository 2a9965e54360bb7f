import { careGreetings } from "@contract/resources/daily-care-greetings";
import { resourceExportLoader } from "~/resources/route";

/** /daily/careGreetings/export?format=xlsx|csv&<list filters> */
export const loader = resourceExportLoader(careGreetings);
