import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/epidemic/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>: health daily reports per class and day. */
export const loader = /* @__PURE__ */ resourceSubLoader("healthReports");
export const action = /* @__PURE__ */ resourceSubAction("healthReports");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
