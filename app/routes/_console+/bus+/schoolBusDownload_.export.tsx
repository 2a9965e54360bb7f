import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/utils/permissions.server";
import { rosterFile } from "./__buses.server";

/** /bus/schoolBusDownload/export?busId&date&format=pdf|xlsx — the rider list file, streamed from the API. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request);
  return rosterFile(request);
}
