import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/refundCaculations/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `refundCalculations`. */
export const loader = /* @__PURE__ */ resourceSubLoader("refundCalculations");
export const action = /* @__PURE__ */ resourceSubAction("refundCalculations");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
