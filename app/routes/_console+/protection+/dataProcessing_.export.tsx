import type { LoaderFunctionArgs } from "@remix-run/node";
import { archiveLoader } from "./__protection.server";

/** /protection/dataProcessing/export?request=<id> — the access archive of an access request (a JSON file). */
export const loader = (args: LoaderFunctionArgs) => archiveLoader(args);
