import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /device/faceDevice2/new, /<id>, /<id>/edit, /<id>/delete, record actions — sub-pages of `faceDevicesB`. */
export const loader = /* @__PURE__ */ resourceSubLoader("faceDevicesB");
export const action = /* @__PURE__ */ resourceSubAction("faceDevicesB");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
