import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /device/camera/new, /<id>, /<id>/edit, /<id>/delete, record actions — sub-pages of `cameras`. */
export const loader = /* @__PURE__ */ resourceSubLoader("cameras");
export const action = /* @__PURE__ */ resourceSubAction("cameras");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
