import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /device/studentIc — student IC cards: issue a card number (unique in the kindergarten), report it lost, issue a replacement (contract/resources/devices.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("studentIcCards");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
