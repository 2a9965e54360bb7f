import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/reconciliation — the admission reconciliation (contract/resources/admission.ts `admissionReconciliations`). */
export const loader = /* @__PURE__ */ resourceListLoader("admissionReconciliations");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
