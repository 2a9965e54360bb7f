import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /student/leaveNotes/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>, /delete, /import — sub-pages of `leaveNotes`. */
export const loader = /* @__PURE__ */ resourceSubLoader("leaveNotes");
export const action = /* @__PURE__ */ resourceSubAction("leaveNotes");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
