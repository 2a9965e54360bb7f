import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/homeworks/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `homeworks` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("homeworks");
export const action = /* @__PURE__ */ resourceSubAction("homeworks");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
