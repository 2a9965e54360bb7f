import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/communicationRecordList/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import and the record actions' confirmations. */
export const loader = /* @__PURE__ */ resourceSubLoader("admissionCommunications");
export const action = /* @__PURE__ */ resourceSubAction("admissionCommunications");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
