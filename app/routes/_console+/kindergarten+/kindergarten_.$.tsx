import { kindergartens } from "@contract/resources/kindergartens";
import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/kindergarten/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk). */
export const loader = resourceSubLoader(kindergartens);
export const action = resourceSubAction(kindergartens);
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage def={kindergartens} />;
}
