import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /kindergarten/place — the list of the `places` resource (contract/resources/places.ts). */
export const loader = /* @__PURE__ */ resourceListLoader("places");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage />;
}
