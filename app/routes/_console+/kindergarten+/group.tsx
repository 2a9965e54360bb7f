import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/group — education groups (contract/resources/groups.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("groups");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
