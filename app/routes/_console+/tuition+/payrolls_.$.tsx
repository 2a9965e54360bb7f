import type { LoaderFunctionArgs } from "@remix-run/node";
import { payrolls } from "@contract/resources/tuition";
import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";
import { payslipIdOf, payslipLoader } from "./__tuition.server";

/** /tuition/payrolls/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import — and /<id>/slip (the PDF). */
export async function loader(args: LoaderFunctionArgs) {
  const id = payslipIdOf(args.params["*"]);
  return id ? payslipLoader(args, id) : resourceSubLoader(payrolls)(args);
}
export const action = resourceSubAction(payrolls);
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage def={payrolls} />;
}
