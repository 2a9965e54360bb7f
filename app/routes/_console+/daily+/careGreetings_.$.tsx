import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/careGreetings/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>: care greetings to a family (birthday, sick child, welcome …) with templates. */
export const loader = /* @__PURE__ */ resourceSubLoader("careGreetings");
export const action = /* @__PURE__ */ resourceSubAction("careGreetings");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
