import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/deposit — the list of the `deposits` resource (contract/resources/tuition.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("deposits");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
