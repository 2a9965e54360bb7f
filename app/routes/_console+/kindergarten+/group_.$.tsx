import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/group/new, /<id>/edit, /<id>/delete, /delete (bulk). */
export const loader = resourceSubLoader("groups");
export const action = resourceSubAction("groups");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
