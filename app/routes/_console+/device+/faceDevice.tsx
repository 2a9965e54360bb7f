import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /device/faceDevice — face devices A: serial number, kindergarten, online or offline from the last heartbeat, last check-in; the device's secret is set here (contract/resources/devices.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("faceDevicesA");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
