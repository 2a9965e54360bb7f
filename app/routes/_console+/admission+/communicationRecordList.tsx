import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/communicationRecordList — the communication records (contract/resources/admission.ts `admissionCommunications`). */
export const loader = /* @__PURE__ */ resourceListLoader("admissionCommunications");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
