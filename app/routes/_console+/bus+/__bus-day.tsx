import { Form } from "@remix-run/react";
import type { RideRow, RidesReply } from "@contract/resources/buses";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import { useTranslation } from "~/utils/i18n-react";

/** The bus + day chooser (a GET form: works without JavaScript) of the school-bus attendance and download pages. */
export function BusDayFilter({ data }: { data: RidesReply }) {
  const { t } = useTranslation("buses");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="bus-day-filter">
      <label className="text-sm text-gray-700">
        <span className="block">{t("rides.bus")}</span>
        <NativeSelect name="busId" defaultValue={data.busId ?? ""} fit className="w-56">
          {data.buses.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
              {b.plateNumber ? ` · ${b.plateNumber}` : ""}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="text-sm text-gray-700">
        <span className="block">{t("rides.date")}</span>
        <Input type="date" name="date" defaultValue={data.date} fit className="w-40" />
      </label>
      <Button type="submit" variant="outline">
        {t("rides.show")}
      </Button>
    </Form>
  );
}

/** A trip's figures for `rides.summary` (`count`: the riders, which picks the text's plural form). */
export function tripSummary(rows: RideRow[]) {
  return {
    count: rows.length,
    boarded: rows.filter((r) => r.boardedAt).length,
    alighted: rows.filter((r) => r.alightedAt).length,
    leave: rows.filter((r) => r.onLeave).length,
  };
}

/** One trip's table; `actions` renders the last cell (the attendance page's record forms). */
export function TripTable({ trip, rows, actions }: { trip: "morning" | "afternoon"; rows: RideRow[]; actions?: (r: RideRow) => React.ReactNode }) {
  const { t } = useTranslation("buses");
  return (
    <section className="space-y-1" data-testid={`trip-${trip}`}>
      <h2 className="text-base font-semibold text-gray-800">{t(`trips.${trip}`)}</h2>
      <p className="text-xs text-gray-600">{t("rides.summary", tripSummary(rows))}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-500">{t("rides.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse bg-white text-sm">
            <thead>
              <tr className="bg-gray-50 text-left text-gray-600">
                <th className="px-2 py-2">{t("roster.station")}</th>
                <th className="px-2 py-2">{t("roster.time")}</th>
                <th className="px-2 py-2">{t("roster.student")}</th>
                <th className="px-2 py-2">{t("roster.class")}</th>
                <th className="px-2 py-2">{t("rides.boarded")}</th>
                <th className="px-2 py-2">{t("rides.alighted")}</th>
                <th className="px-2 py-2">{t("roster.phones")}</th>
                {actions ? <th className="px-2 py-2">{t("rides.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.studentId} className="border-t border-gray-100 align-top" data-testid={`ride-${trip}-${r.studentId}`}>
                  <td className="px-2 py-2">{r.station}</td>
                  <td className="px-2 py-2">{r.stationTime ?? t("noStop")}</td>
                  <td className="px-2 py-2">
                    <span id={`name-${trip}-${r.studentId}`}>{r.studentName}</span>
                    {r.onLeave ? (
                      <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800 ring-1 ring-amber-100" data-testid="on-leave">
                        {t("onLeave")}
                      </span>
                    ) : null}
                    {r.allergies ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-700 ring-1 ring-red-100">{r.allergies}</span> : null}
                  </td>
                  <td className="px-2 py-2">{r.className ?? ""}</td>
                  <td className="px-2 py-2">{r.boardedAt ?? <span className="text-gray-500">{t("rides.notYet")}</span>}</td>
                  <td className="px-2 py-2">{r.alightedAt ?? ""}</td>
                  <td className="px-2 py-2">{r.phones.join(" / ")}</td>
                  {actions ? <td className="px-2 py-2">{actions(r)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
