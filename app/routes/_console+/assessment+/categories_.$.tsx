import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /assessment/categories/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `assessmentCategories`. */
export const loader = resourceSubLoader("assessmentCategories");
export const action = resourceSubAction("assessmentCategories");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
