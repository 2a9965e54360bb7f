import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/reconciliation/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `reconciliations`. */
export const loader = resourceSubLoader("tuitionReconciliations");
export const action = resourceSubAction("tuitionReconciliations");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
