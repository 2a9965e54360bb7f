import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/communicationRecordList/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import and the record actions' confirmations. */
export const loader = resourceSubLoader("admissionCommunications");
export const action = resourceSubAction("admissionCommunications");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
