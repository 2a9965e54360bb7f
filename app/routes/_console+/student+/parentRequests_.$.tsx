import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /student/parentRequests/<id> (detail), /<id>/approve and /<id>/refuse (confirmation pages without JavaScript). */
export const loader = /* @__PURE__ */ resourceSubLoader("parentLinkRequests");
export const action = /* @__PURE__ */ resourceSubAction("parentLinkRequests");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
