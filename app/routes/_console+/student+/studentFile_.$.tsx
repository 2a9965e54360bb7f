import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /student/studentFile/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>, /delete, /import — sub-pages of `students`. */
export const loader = /* @__PURE__ */ resourceSubLoader("students");
export const action = /* @__PURE__ */ resourceSubAction("students");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
