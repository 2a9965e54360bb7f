import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { todayCn } from "@contract/daily/time";
import type { AppointmentViewData } from "~/components/admission/appointment-format";
import { AppointmentViewSwitch } from "~/components/admission/appointment-nav";
import { AppointmentSchedule } from "~/components/admission/appointment-schedule";
import { CustomerBackLink } from "~/components/admission/customer-back-link";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction } from "~/resources/route";
import type { ListData } from "~/resources/types";
import { pageMeta } from "~/utils/meta";
import { appointmentListLoader } from "./__admission.server";

/**
 * /admission/appointmentList — the appointments (contract/resources/admission.ts `admissionAppointments`): the
 * resource list (narrowed to one customer, `?customerId=`, with a link back to that customer), or with
 * `?view=day|week&date=` the teacher's day and week view of the same list endpoint.
 */
export const loader = (args: LoaderFunctionArgs) => appointmentListLoader(args);
export const action = resourceListAction;
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<AppointmentViewData | ListData>();
  if (data.view === "day" || data.view === "week") return <AppointmentSchedule data={data as AppointmentViewData} />;
  const list = data as ListData;
  const date = list.query.dateFrom ?? todayCn();
  return (
    <ResourceListPage
      toolbar={
        <>
          <CustomerBackLink query={list.query} />
          <AppointmentViewSwitch page={list.def.page} current="list" date={date} />
        </>
      }
    />
  );
}
