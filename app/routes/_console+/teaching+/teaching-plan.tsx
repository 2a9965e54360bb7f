import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";
import { FileLinks } from "./__teaching-links";

/** /teaching/teaching-plan — the list of the `lessonPlans` resource (contract/resources/teaching.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("lessonPlans");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage rowActions={(item) => <FileLinks item={item} />} />;
}
