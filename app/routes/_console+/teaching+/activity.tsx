import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";
import { EvaluateLink } from "./__teaching-links";

/** /teaching/activity — the list of the `courseRecords` resource (contract/resources/teaching.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("courseRecords");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage rowActions={(item) => <EvaluateLink item={item} page="evaluate2" />} />;
}
