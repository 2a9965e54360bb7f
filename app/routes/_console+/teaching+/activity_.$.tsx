import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/activity/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `courseRecords` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("courseRecords");
export const action = /* @__PURE__ */ resourceSubAction("courseRecords");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
