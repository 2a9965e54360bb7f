import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/leaveNotesTeacher — the list of the `leaveNotesTeacher` resource (contract/resources/leave-notes.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("leaveNotesTeacher");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
