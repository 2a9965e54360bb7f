import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/studentParent/new, /<id>/delete, /delete (bulk) — sub-pages of the `studentParents` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("studentParents");
export const action = /* @__PURE__ */ resourceSubAction("studentParents");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
