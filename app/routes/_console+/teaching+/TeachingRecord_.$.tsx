import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/TeachingRecord/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `teachingRecords` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("teachingRecords");
export const action = /* @__PURE__ */ resourceSubAction("teachingRecords");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
