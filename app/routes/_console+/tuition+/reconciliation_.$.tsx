import { reconciliations } from "@contract/resources/tuition";
import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/reconciliation/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), record actions — sub-pages of `reconciliations`. */
export const loader = resourceSubLoader(reconciliations);
export const action = resourceSubAction(reconciliations);
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage def={reconciliations} />;
}
