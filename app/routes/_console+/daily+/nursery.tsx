import { nurseryRecords } from "@contract/resources/daily-nursery";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/nursery — baby-sitting records per child and day (the class day sheet: /sheet, a child's week: /week). */
export const loader = resourceListLoader(nurseryRecords);
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage def={nurseryRecords} />;
}
