import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/templates/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `tuitionTemplates`. */
export const loader = /* @__PURE__ */ resourceSubLoader("tuitionTemplates");
export const action = /* @__PURE__ */ resourceSubAction("tuitionTemplates");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
