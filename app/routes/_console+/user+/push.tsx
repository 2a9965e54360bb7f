import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/**
 * /user/push — push notifications: drafts and the sent history (status, recipient count, sent time). "Send" is the
 * definition's record action (draft → sent): the list offers it on drafts (confirmation page, or a dialog with
 * JavaScript), like every declared action (app/components/resource/record-actions.tsx).
 */
export const loader = /* @__PURE__ */ resourceListLoader("pushNotifications");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
