import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/notice — notices: draft → published (record action) with recipients, images and video, read receipts. */
export const loader = /* @__PURE__ */ resourceListLoader("notices");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
