import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/predesign/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `presetPlans` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("presetPlans");
export const action = /* @__PURE__ */ resourceSubAction("presetPlans");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
