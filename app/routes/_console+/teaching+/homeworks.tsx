import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";
import { SubmissionsLink } from "./__teaching-links";

/** /teaching/homeworks — the list of the `homeworks` resource (contract/resources/teaching.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("homeworks");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage rowActions={(item) => <SubmissionsLink item={item} />} />;
}
