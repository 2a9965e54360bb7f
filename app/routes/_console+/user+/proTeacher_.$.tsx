import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/proTeacher/new, /<id>/delete, /delete (bulk) — sub-pages of the `proTeacherKindergartens` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("proTeacherKindergartens");
export const action = /* @__PURE__ */ resourceSubAction("proTeacherKindergartens");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
