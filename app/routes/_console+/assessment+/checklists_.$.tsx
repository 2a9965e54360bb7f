import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /assessment/checklists/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `assessmentChecklists`. */
export const loader = /* @__PURE__ */ resourceSubLoader("assessmentChecklists");
export const action = /* @__PURE__ */ resourceSubAction("assessmentChecklists");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
