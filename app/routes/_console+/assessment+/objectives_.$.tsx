import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /assessment/objectives/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `assessmentObjectives`. */
export const loader = /* @__PURE__ */ resourceSubLoader("assessmentObjectives");
export const action = /* @__PURE__ */ resourceSubAction("assessmentObjectives");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
