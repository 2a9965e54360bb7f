import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/busTeacher/new, /<id>/delete, /delete (bulk) — sub-pages of the `busTeachers` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("busTeachers");
export const action = /* @__PURE__ */ resourceSubAction("busTeachers");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
