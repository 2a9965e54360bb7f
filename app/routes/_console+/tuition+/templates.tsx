import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/templates — the list of the `tuitionTemplates` resource (contract/resources/tuition.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("tuitionTemplates");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
