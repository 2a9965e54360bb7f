import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /device/faceDevice2 — face devices B, the same as A (contract/resources/devices.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("faceDevicesB");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
