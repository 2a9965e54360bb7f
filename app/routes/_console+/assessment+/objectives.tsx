import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /assessment/objectives — the list of the `assessmentObjectives` resource (contract/resources/assessment.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("assessmentObjectives");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
