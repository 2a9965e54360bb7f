import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/doctor/new, /<id>/delete, /delete (bulk) — sub-pages of the `doctorStudents` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("doctorStudents");
export const action = /* @__PURE__ */ resourceSubAction("doctorStudents");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
