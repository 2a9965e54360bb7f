import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/refundCaculations — the list of the `refundCalculations` resource (contract/resources/tuition.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("refundCalculations");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
