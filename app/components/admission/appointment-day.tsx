import { RecordActionButtons } from "~/components/resource/record-actions";
import { useTranslation } from "~/utils/i18n-react";
import { AppointmentEntry } from "./appointment-entry";
import { formatDay, type AppointmentViewData } from "./appointment-format";

/** The day's appointments in time order with the record actions each allows (back to this day afterwards). */
export function AppointmentDay({ data }: { data: AppointmentViewData }) {
  const { t, i18n } = useTranslation("admission");
  return (
    <section
      aria-labelledby="appointment-day-title"
      className="rounded border border-gray-200 bg-white p-3"
      data-testid="appointment-day"
      data-date={data.date}
    >
      <h2 id="appointment-day-title" className="mb-2 text-base font-semibold text-gray-800">
        {formatDay(data.date, i18n.language, "long")}
        {data.date === data.today ? <span className="ms-1 text-sm font-normal text-blue-700">({t("appointments.views.today")})</span> : null}
      </h2>
      {data.items.length ? (
        <ul className="divide-y divide-gray-100">
          {data.items.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <AppointmentEntry def={data.def} customersPage={data.customersPage} item={i} />
              <span className="flex gap-3 text-sm">
                <RecordActionButtons def={data.def} item={i} back={data.back} place="row" />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-500">{t("appointments.views.empty")}</p>
      )}
    </section>
  );
}
