import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /device/camera — surveillance cameras: name, live address (validated URL), sort value (flag isShowYsCamera) (contract/resources/devices.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("cameras");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
