import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /bus/schoolBus/new, /<id>, /<id>/edit, /<id>/delete, /delete — sub-pages of the `buses` resource. */
export const loader = resourceSubLoader("buses");
export const action = resourceSubAction("buses");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
