import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";
import { FileLinks } from "./__teaching-links";

/** /teaching/StudentWorks — the list of the `studentWorks` resource (contract/resources/teaching.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("studentWorks");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage rowActions={(item) => <FileLinks item={item} />} />;
}
