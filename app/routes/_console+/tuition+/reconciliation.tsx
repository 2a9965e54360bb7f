import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/reconciliation — the list of the `reconciliations` resource (contract/resources/tuition.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("tuitionReconciliations");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
