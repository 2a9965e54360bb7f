import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/studentParent — the list of the `studentParents` resource (contract/resources/student-parents.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("studentParents");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
