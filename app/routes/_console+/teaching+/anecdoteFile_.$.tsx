import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/anecdoteFile/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `observations` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("observations");
export const action = /* @__PURE__ */ resourceSubAction("observations");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
