import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /assessment/categories — the list of the `assessmentCategories` resource (contract/resources/assessment.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("assessmentCategories");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
