import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/teaching-plan/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `lessonPlans` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("lessonPlans");
export const action = /* @__PURE__ */ resourceSubAction("lessonPlans");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
