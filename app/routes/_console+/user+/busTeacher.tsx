import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/busTeacher — the list of the `busTeachers` resource (contract/resources/bus-teachers.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("busTeachers");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
