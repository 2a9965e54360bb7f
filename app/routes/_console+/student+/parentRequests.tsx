import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /student/parentRequests — self-registered parents waiting to be linked to a child (contract/resources/parent-link-requests.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("parentLinkRequests");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
