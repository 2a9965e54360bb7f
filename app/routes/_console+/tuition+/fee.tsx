import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/fee — the list of the `feeRecords` resource (contract/resources/tuition.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("feeRecords");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
