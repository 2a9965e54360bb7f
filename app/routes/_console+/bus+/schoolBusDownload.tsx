import { useLoaderData } from "@remix-run/react";
import { TRIPS_LIST, type RidesReply } from "./__bus-types";
import { BusDayFilter, TripTable } from "./__bus-day";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/utils/i18n-react";
import { pageLoader } from "~/utils/page";
import { pageMeta } from "~/utils/meta";
import { loadDay } from "./__buses.server";

/**
 * /bus/schoolBusDownload — what a bus teacher (role 8) needs on paper: the day's rider list of her bus per trip with
 * stations, times, leave marks and parents' phones, shown here and downloadable as PDF and Excel (…/export).
 */
export const loader = /* @__PURE__ */ pageLoader(async ({ request }) => ({ day: await loadDay(request, "buses/roster/") }));
export const meta = pageMeta;

export default function Page() {
  const { day } = useLoaderData<typeof loader>() as unknown as { day: RidesReply & { error: string | null } };
  const { t } = useTranslation("buses");
  const q = new URLSearchParams({ busId: String(day.busId ?? ""), date: day.date });
  return (
    <div className="space-y-4" data-testid="bus-download">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t("roster.title")}
      </h1>
      <p className="text-sm text-gray-600">{t("roster.intro")}</p>
      <BusDayFilter data={day} />
      {day.error ? <Alert variant="error">{day.error}</Alert> : null}
      {!day.buses.length && !day.error ? <p className="text-sm text-gray-500">{t("roster.noBus")}</p> : null}
      {day.busId != null ? (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <a href={`/bus/schoolBusDownload/export?${q.toString()}&format=pdf`} className={buttonVariants({ size: "sm" })} data-testid="download-pdf" download>
              {t("roster.pdf")}
            </a>
            <a
              href={`/bus/schoolBusDownload/export?${q.toString()}&format=xlsx`}
              className={buttonVariants({ size: "sm", variant: "outline" })}
              data-testid="download-xlsx"
              download
            >
              {t("roster.xlsx")}
            </a>
            {day.teachers.length ? (
              <span className="text-sm text-gray-600">
                {t("roster.teachers")}: <span data-value>{day.teachers.join(", ")}</span>
              </span>
            ) : null}
          </div>
          {TRIPS_LIST.map((trip) => (
            <TripTable key={trip} trip={trip} rows={day.trips[trip]} />
          ))}
        </>
      ) : null}
    </div>
  );
}
