import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/principal/new, /<id>/delete, /delete (bulk) — sub-pages of the `principalKindergartens` resource. */
export const loader = /* @__PURE__ */ resourceSubLoader("principalKindergartens");
export const action = /* @__PURE__ */ resourceSubAction("principalKindergartens");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
