import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/class/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), /import — sub-pages of the `classes` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("classes");
export const action = /* @__PURE__ */ resourceSubAction("classes");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
