import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/expert/new, /<id>/delete, /delete (bulk) — sub-pages of the `expertTeachers` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("expertTeachers");
export const action = /* @__PURE__ */ resourceSubAction("expertTeachers");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
