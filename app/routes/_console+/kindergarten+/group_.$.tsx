import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/group/new, /<id>/edit, /<id>/delete, /delete (bulk). */
export const loader = /* @__PURE__ */ resourceSubLoader("groups");
export const action = /* @__PURE__ */ resourceSubAction("groups");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
