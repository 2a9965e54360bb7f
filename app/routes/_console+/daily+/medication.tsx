import { medications } from "@contract/resources/daily-medications";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/medication — 喂药 (role 7): the doctor's day list (today's requests first by time; `dueNow` marks the doses due now), a request's photo, give / cancel as record actions. */
export const loader = resourceListLoader(medications);
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage def={medications} />;
}
