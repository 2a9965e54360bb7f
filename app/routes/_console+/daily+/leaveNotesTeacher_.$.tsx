import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/leaveNotesTeacher/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>, /delete, /import — sub-pages of `leaveNotesTeacher`. */
export const loader = /* @__PURE__ */ resourceSubLoader("leaveNotesTeacher");
export const action = /* @__PURE__ */ resourceSubAction("leaveNotesTeacher");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
