import type { LoaderFunctionArgs } from "@remix-run/node";
import { resourceExportLoader } from "~/resources/route";
import { epidemicExport } from "./__daily.server";

/**
 * /daily/epidemic/export: `?format=xlsx|csv&<list filters>` the reports list; without `format` (the roll-up page's
 * Excel link, `?to=`) the roll-up report's sheet.
 */
export const loader = (args: LoaderFunctionArgs) => {
  const url = new URL(args.request.url);
  return url.searchParams.has("format") || url.searchParams.has("template") ? resourceExportLoader("healthReports")(args) : epidemicExport(args.request);
};
