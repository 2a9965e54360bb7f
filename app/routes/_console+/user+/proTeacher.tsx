import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/proTeacher — the list of the `proTeacherKindergartens` resource (contract/resources/kindergarten-bindings.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("proTeacherKindergartens");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
