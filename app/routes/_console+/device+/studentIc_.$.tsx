import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /device/studentIc/new, /<id>, /<id>/edit, /<id>/delete, record actions — sub-pages of `studentIcCards`. */
export const loader = /* @__PURE__ */ resourceSubLoader("studentIcCards");
export const action = /* @__PURE__ */ resourceSubAction("studentIcCards");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
