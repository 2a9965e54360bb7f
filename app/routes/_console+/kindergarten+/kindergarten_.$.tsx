import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/kindergarten/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk). */
export const loader = /* @__PURE__ */ resourceSubLoader("kindergartenProfiles");
export const action = /* @__PURE__ */ resourceSubAction("kindergartenProfiles");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
