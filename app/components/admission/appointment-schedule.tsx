import { useTranslation } from "~/utils/i18n-react";
import { AppointmentDay } from "./appointment-day";
import { formatDay, type AppointmentViewData } from "./appointment-format";
import { AppointmentViewSwitch } from "./appointment-nav";
import { AppointmentPeriodNav, AppointmentScope } from "./appointment-period";
import { AppointmentWeek } from "./appointment-week";

/** The day or week view of /admission/appointmentList: the view switch, the period links, the scope, the calendar. */
export function AppointmentSchedule({ data }: { data: AppointmentViewData }) {
  const { t, i18n } = useTranslation("admission");
  const keep: Record<string, string> = { all: data.mine === false ? "1" : "", kindergartenId: data.kindergartenId };
  const period =
    data.view === "week"
      ? t("appointments.views.weekOf", { from: formatDay(data.from, i18n.language), to: formatDay(data.to, i18n.language) })
      : formatDay(data.date, i18n.language, "long");
  return (
    <section className="space-y-4" data-testid="appointment-schedule" data-view={data.view}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {data.title}
        </h1>
        <AppointmentViewSwitch page={data.def.page} current={data.view} date={data.date} keep={keep} />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-md bg-white p-3 shadow-sm ring-1 ring-gray-100">
        <div className="flex flex-wrap items-center gap-3">
          <AppointmentPeriodNav data={data} keep={keep} />
          <p className="text-sm font-medium text-gray-700" data-testid="appointment-period" aria-live="polite">
            {period}
          </p>
        </div>
        <AppointmentScope data={data} />
      </div>
      {data.view === "week" ? <AppointmentWeek data={data} /> : <AppointmentDay data={data} />}
    </section>
  );
}
