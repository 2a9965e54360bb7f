import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/expert — the list of the `expertTeachers` resource (contract/resources/expert-teachers.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("expertTeachers");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
