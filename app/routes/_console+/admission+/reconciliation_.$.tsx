import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/reconciliation/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import and the record actions' confirmations. */
export const loader = resourceSubLoader("admissionReconciliations");
export const action = resourceSubAction("admissionReconciliations");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
