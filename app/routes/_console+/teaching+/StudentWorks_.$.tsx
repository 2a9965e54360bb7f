import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /teaching/StudentWorks/new, /<id>, /<id>/edit, /<id>/delete, /delete (bulk) and the record actions of the `studentWorks` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("studentWorks");
export const action = /* @__PURE__ */ resourceSubAction("studentWorks");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
