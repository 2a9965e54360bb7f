import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/entrust — entrust messages: a parent writes, a teacher, doctor or bus teacher confirms with a reply (record action). */
export const loader = /* @__PURE__ */ resourceListLoader("entrusts");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
