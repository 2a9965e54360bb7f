import { ScrollRegion } from "~/components/ui/scroll-region";
import { useTranslation } from "~/utils/i18n-react";
import { cn } from "~/utils/cn";
import { AppointmentEntry } from "./appointment-entry";
import { formatDay, weekDates, type AppointmentViewData } from "./appointment-format";

/** Monday–Sunday in seven columns (scrolling sideways inside a focusable region on a phone); today highlighted. */
export function AppointmentWeek({ data }: { data: AppointmentViewData }) {
  const { t, i18n } = useTranslation("admission");
  const dates = weekDates(data.from);
  return (
    <ScrollRegion label={t("appointments.views.weekOf", { from: formatDay(data.from, i18n.language), to: formatDay(data.to, i18n.language) })}>
      <ol className="grid min-w-[56rem] grid-cols-7 gap-2" data-testid="appointment-week">
        {dates.map((date) => {
          const items = data.items.filter((i) => i.date === date);
          const today = date === data.today;
          return (
            <li
              key={date}
              className={cn("min-h-32 rounded border bg-white p-2", today ? "border-blue-500 ring-2 ring-blue-200" : "border-gray-200")}
              data-testid="week-day"
              data-date={date}
              data-today={today || undefined}
              aria-current={today ? "date" : undefined}
            >
              <h2 className="mb-2 text-sm font-semibold text-gray-800">
                {formatDay(date, i18n.language)}
                {today ? <span className="ms-1 text-xs font-normal text-blue-700">({t("appointments.views.today")})</span> : null}
              </h2>
              {items.length ? (
                <ul className="space-y-2">
                  {items.map((i) => (
                    <li key={i.id}>
                      <AppointmentEntry def={data.def} customersPage={data.customersPage} item={i} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-gray-500">{t("appointments.views.empty")}</p>
              )}
            </li>
          );
        })}
      </ol>
    </ScrollRegion>
  );
}
