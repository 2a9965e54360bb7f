import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /bus/schoolBus/new, /<id>, /<id>/edit, /<id>/delete, /delete — sub-pages of the `buses` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("buses");
export const action = /* @__PURE__ */ resourceSubAction("buses");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
