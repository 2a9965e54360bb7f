import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/trainingMaterials/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `trainingMaterials` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("trainingMaterials");
export const action = /* @__PURE__ */ resourceSubAction("trainingMaterials");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
