import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/careGreetings — care greetings to a family (birthday, sick child, welcome …) with templates. */
export const loader = /* @__PURE__ */ resourceListLoader("careGreetings");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
