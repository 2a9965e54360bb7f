import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /student/leaveNotes — the list of the `leaveNotes` resource (contract/resources/leave-notes.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("leaveNotes");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
