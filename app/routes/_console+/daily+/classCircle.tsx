import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/classCircle — class circle posts (photo, video) per class with the daily limit; hide / show as record actions, delete. */
export const loader = /* @__PURE__ */ resourceListLoader("classCirclePosts");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
