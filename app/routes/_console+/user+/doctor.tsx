import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/doctor — the list of the `doctorStudents` resource (contract/resources/doctor-students.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("doctorStudents");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
