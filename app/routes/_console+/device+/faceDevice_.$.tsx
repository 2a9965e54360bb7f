import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /device/faceDevice/new, /<id>, /<id>/edit, /<id>/delete, record actions — sub-pages of `faceDevicesA`. */
export const loader = /* @__PURE__ */ resourceSubLoader("faceDevicesA");
export const action = /* @__PURE__ */ resourceSubAction("faceDevicesA");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
