import { healthReports } from "@contract/resources/daily-health-reports";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/epidemic — health daily reports per class and day. */
export const loader = resourceListLoader(healthReports);
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage def={healthReports} />;
}
