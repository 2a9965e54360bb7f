import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/permissions.server";
import { payslipLoader } from "./__tuition.server";

/**
 * /tuition/payrolls/<id>/slip — one employee's payslip as PDF. A resource route (no page component): a document
 * request gets the file itself, with or without JavaScript, where a page route would render its loader's answer.
 */
export async function loader(args: LoaderFunctionArgs) {
  const id = args.params.id ?? "";
  if (!/^\d{1,12}$/.test(id)) throw notFound();
  return payslipLoader(args, Number(id));
}
