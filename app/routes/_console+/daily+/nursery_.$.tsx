import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/nursery/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>: baby-sitting records per child and day (the class day sheet: /sheet, a child's week: /week). */
export const loader = /* @__PURE__ */ resourceSubLoader("nurseryRecords");
export const action = /* @__PURE__ */ resourceSubAction("nurseryRecords");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
