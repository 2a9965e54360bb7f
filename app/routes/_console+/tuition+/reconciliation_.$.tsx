import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/reconciliation/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `reconciliations`. */
export const loader = /* @__PURE__ */ resourceSubLoader("tuitionReconciliations");
export const action = /* @__PURE__ */ resourceSubAction("tuitionReconciliations");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
