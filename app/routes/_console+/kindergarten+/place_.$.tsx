import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/place/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk), /import — sub-pages of the `places` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("places");
export const action = /* @__PURE__ */ resourceSubAction("places");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
