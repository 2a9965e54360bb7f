import { admissionAppointments } from "@contract/resources/admission";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/appointmentList — the appointments (contract/resources/admission.ts `admissionAppointments`). */
export const loader = resourceListLoader(admissionAppointments);
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  return <ResourceListPage def={admissionAppointments} />;
}
