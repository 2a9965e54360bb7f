import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/appointmentList/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import and the record actions' confirmations. */
export const loader = resourceSubLoader("admissionAppointments");
export const action = resourceSubAction("admissionAppointments");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
