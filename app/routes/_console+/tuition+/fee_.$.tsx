import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/fee/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `feeRecords`. */
export const loader = /* @__PURE__ */ resourceSubLoader("feeRecords");
export const action = /* @__PURE__ */ resourceSubAction("feeRecords");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
