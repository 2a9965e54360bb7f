import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/permissions.server";
import { receiptLoader } from "./__tuition.server";

/** /tuition/bills/<id>/receipt — a paid bill's receipt as PDF (parent and finance; the API refuses everyone else). */
export async function loader(args: LoaderFunctionArgs) {
  const id = args.params.id ?? "";
  if (!/^\d{1,12}$/.test(id)) throw notFound();
  return receiptLoader(args, Number(id));
}
