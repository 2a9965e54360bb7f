import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /assessment/categories/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `assessmentCategories`. */
export const loader = /* @__PURE__ */ resourceSubLoader("assessmentCategories");
export const action = /* @__PURE__ */ resourceSubAction("assessmentCategories");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
