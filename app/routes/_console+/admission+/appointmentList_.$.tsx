import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /admission/appointmentList/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import and the record actions' confirmations. */
export const loader = /* @__PURE__ */ resourceSubLoader("admissionAppointments");
export const action = /* @__PURE__ */ resourceSubAction("admissionAppointments");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}
