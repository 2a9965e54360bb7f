import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /student/studentFile — the list of the `students` resource (contract/resources/students.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("students");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
