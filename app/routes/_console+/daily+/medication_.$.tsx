import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/medication/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>: 喂药 (role 7): the doctor's day list (today's requests first by time; `dueNow` marks the doses due now), a request's photo, give / cancel as record actions. */
export const loader = /* @__PURE__ */ resourceSubLoader("medications");
export const action = /* @__PURE__ */ resourceSubAction("medications");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
