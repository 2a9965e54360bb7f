import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { todayCn } from "@contract/daily/time";
import type { AppointmentViewData } from "~/components/admission/appointment-format";
import { AppointmentViewSwitch } from "~/components/admission/appointment-nav";
import { CustomerBackLink } from "~/components/admission/customer-back-link";
import { resourceListAction } from "~/resources/route";
import type { ListData } from "~/resources/types";
import { lazyView } from "~/utils/lazy-view";
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

// One of the two views, loaded when shown: the list does not bring the day and week schedule, nor the schedule the list.
const ResourceListPage = lazyView(() => import("~/components/resource/list").then((m) => m.ResourceListPage));
const AppointmentSchedule = lazyView(() => import("~/components/admission/appointment-schedule").then((m) => m.AppointmentSchedule));

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
