import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /user/principal — the list of the `principalKindergartens` resource (contract/resources/kindergarten-bindings.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("principalKindergartens");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
