import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/kindergarten — kindergartens with every field of section 3 (contract/resources/kindergartens.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("kindergartenProfiles");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
