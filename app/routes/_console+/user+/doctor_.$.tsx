import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/doctor/new, /<id>/delete, /delete (bulk) — sub-pages of the `doctorStudents` resource. */
export const loader = resourceSubLoader("doctorStudents");
export const action = resourceSubAction("doctorStudents");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
