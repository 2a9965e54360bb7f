import { Link } from "@remix-run/react";
import { LineChart } from "~/components/charts/line-chart";
import { useLayoutT } from "~/components/layout/i18n";

export interface HomeAttendance {
  today: { date: string; present: number; recorded: number; students: number; rate: number | null };
  weeks: { from: string; to: string; present: number; total: number; rate: number | null; partial: boolean }[];
}

const monthDay = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}`;
const percent = (rate: number | null, none: string) => (rate == null ? none : `${rate.toFixed(1)}%`);

/**
 * Home's attendance picture (principal, admins, group and bureau roles): today's figure beside the numbers and the
 * trend of the last weeks as a server-rendered SVG (the reports' line chart: <title>, <desc>) with its data table.
 * The current week has not ended: it is in the table, marked, but not plotted as if complete.
 */
export function AttendanceTrend({ data, checkPath }: { data: HomeAttendance; checkPath: string | null }) {
  const { t } = useLayoutT();
  const k = (key: string, o?: Record<string, unknown>) => t(`home.attendance.${key}`, o);
  const done = data.weeks.filter((w) => !w.partial);
  const none = t("home.none");
  return (
    <section className="rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100" data-testid="home-attendance">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-gray-800">{k("title")}</h2>
        {checkPath ? (
          <Link to={checkPath} className="text-sm text-primary hover:underline" data-testid="home-attendance-open">
            {k("openCheck")}
          </Link>
        ) : null}
      </div>
      <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(12rem,1fr)_2fr]">
        <div className="space-y-1" data-testid="home-attendance-today">
          <div className="text-3xl font-semibold text-gray-800" data-testid="home-attendance-rate">
            {percent(data.today.rate, none)}
          </div>
          <div className="text-sm text-gray-600">{data.today.recorded ? k("today", data.today) : k("none")}</div>
          <div className="text-xs text-gray-500">{k("recorded", data.today)}</div>
        </div>
        <div>
          {done.some((w) => w.rate != null) ? (
            <LineChart
              title={k("trendTitle", { weeks: done.length })}
              description={k("trendDesc")}
              labels={done.map((w) => monthDay(w.from))}
              series={[{ label: k("rate"), color: "#409EFF", values: done.map((w) => w.rate) }]}
              unit="%"
              width={520}
              height={200}
            />
          ) : (
            <p className="text-sm text-gray-500">{k("noData")}</p>
          )}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-primary">{k("showData")}</summary>
            <table className="mt-2 w-full text-left text-xs" data-testid="home-attendance-table">
              <caption className="sr-only">{k("trendTitle", { weeks: data.weeks.length })}</caption>
              <thead className="text-gray-500">
                <tr>
                  <th className="py-1 pr-3 font-medium">{k("week")}</th>
                  <th className="py-1 pr-3 text-right font-medium">{k("present")}</th>
                  <th className="py-1 pr-3 text-right font-medium">{k("total")}</th>
                  <th className="py-1 text-right font-medium">{k("rate")}</th>
                </tr>
              </thead>
              <tbody>
                {data.weeks.map((w) => (
                  <tr key={w.from} className="border-t border-gray-100">
                    <td className="whitespace-nowrap py-1 pr-3">
                      {monthDay(w.from)}–{monthDay(w.to)}
                      {w.partial ? <span className="ml-1 text-gray-500">({k("soFar")})</span> : null}
                    </td>
                    <td className="py-1 pr-3 text-right tabular-nums">{w.present}</td>
                    <td className="py-1 pr-3 text-right tabular-nums">{w.total}</td>
                    <td className="py-1 text-right tabular-nums">{percent(w.rate, none)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </div>
      </div>
    </section>
  );
}
