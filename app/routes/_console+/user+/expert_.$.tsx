import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/expert/new, /<id>/delete, /delete (bulk) — sub-pages of the `expertTeachers` resource. */
export const loader = resourceSubLoader("expertTeachers");
export const action = resourceSubAction("expertTeachers");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
