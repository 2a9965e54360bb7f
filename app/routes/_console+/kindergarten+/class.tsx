import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/class — the list of the `classes` resource (contract/resources/classes.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("classes");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
