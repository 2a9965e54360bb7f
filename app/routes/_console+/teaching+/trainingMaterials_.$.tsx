import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/trainingMaterials/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `trainingMaterials` resource. */
export const loader = resourceSubLoader("trainingMaterials");
export const action = resourceSubAction("trainingMaterials");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
