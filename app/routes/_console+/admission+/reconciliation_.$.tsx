import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/reconciliation/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import and the record actions' confirmations. */
export const loader = /* @__PURE__ */ resourceSubLoader("admissionReconciliations");
export const action = /* @__PURE__ */ resourceSubAction("admissionReconciliations");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
