import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/deposit/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `deposits`. */
export const loader = /* @__PURE__ */ resourceSubLoader("deposits");
export const action = /* @__PURE__ */ resourceSubAction("deposits");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
