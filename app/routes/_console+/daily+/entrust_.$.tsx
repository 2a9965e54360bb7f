import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/entrust/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>: entrust messages: a parent writes, a teacher, doctor or bus teacher confirms with a reply (record action). */
export const loader = /* @__PURE__ */ resourceSubLoader("entrusts");
export const action = /* @__PURE__ */ resourceSubAction("entrusts");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
