import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import { useTranslation } from "~/utils/i18n-react";
import { cn } from "~/utils/cn";
import { pageMeta } from "~/utils/meta";
import { todayCn } from "@contract/daily/time";
import { formatDateTime } from "@contract/resource-format";
import { attendanceAction, attendanceLoader } from "./__students.server";

/**
 * /student/studentCheck — student attendance of a class: the day view (present, late, absent, on leave, not yet
 * arrived; a correction per child that keeps who changed what, the day's change log, the late rule) and the month
 * grid. The day is the school's today unless chosen; the whole class is saved at once (children not yet recorded are
 * preset to present, so the admin marks only the exceptions). Every control is a plain form (GET filters, one POST
 * for the class): it works without JavaScript.
 */
export const loader = attendanceLoader;
export const action = attendanceAction;
export const meta = pageMeta;

const TONE: Record<string, string> = {
  present: "bg-green-50 text-green-800",
  late: "bg-amber-50 text-amber-800",
  absent: "bg-red-50 text-red-800",
  leave: "bg-sky-50 text-sky-800",
  not_arrived: "bg-gray-100 text-gray-700",
};

/** What the class form offers for a child: the day's record, else leave on a passed note, else present ("all present"). */
const presetState = (r: { state: string; leaveNote: boolean }) => (r.state !== "not_arrived" ? r.state : r.leaveNote ? "leave" : "present");

function StateBadge({ state, label }: { state: string; label: string }) {
  return <span className={cn("inline-block rounded px-2 py-0.5 text-xs font-medium", TONE[state])}>{label}</span>;
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ errors?: string[]; studentId?: string }>();
  const nav = useNavigation();
  const { t } = useTranslation(["students"]);
  const current = data.view === "month" ? data.month : data.day;
  const classId = current?.classId ?? "";
  const tab = (view: "day" | "month", label: string) => (
    <Link
      to={`?view=${view}${classId ? `&classId=${classId}` : ""}`}
      className={cn(
        "rounded-t px-4 py-2 text-sm",
        data.view === view ? "bg-white font-semibold text-primary ring-1 ring-gray-200" : "text-gray-600 hover:text-primary",
      )}
      aria-current={data.view === view ? "page" : undefined}
      data-testid={`tab-${view}`}
    >
      {label}
    </Link>
  );
  return (
    <section className="space-y-4" data-testid="attendance-page">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t("attendance.title")}
      </h1>
      <nav className="flex gap-1 border-b border-gray-200" aria-label={t("attendance.title")}>
        {tab("day", t("attendance.day"))}
        {tab("month", t("attendance.month"))}
      </nav>
      {data.error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          {data.error}
        </p>
      ) : null}
      {result?.errors?.length ? (
        <div role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="attendance-errors">
          {result.errors.join(" ")}
        </div>
      ) : null}
      {current ? (
        <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="attendance-filter">
          <input type="hidden" name="view" value={data.view} />
          <div>
            <label htmlFor="att-class" className="block text-sm font-medium text-gray-700">
              {t("attendance.class")}
            </label>
            <NativeSelect id="att-class" name="classId" defaultValue={String(classId)} key={String(classId)}>
              {current.classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          {data.view === "day" && data.day ? (
            <div>
              <label htmlFor="att-date" className="block text-sm font-medium text-gray-700">
                {t("attendance.date")}
              </label>
              <Input id="att-date" type="date" name="date" defaultValue={data.day.date} key={data.day.date} />
            </div>
          ) : null}
          {data.view === "month" && data.month ? (
            <div>
              <label htmlFor="att-month" className="block text-sm font-medium text-gray-700">
                {t("attendance.monthLabel")}
              </label>
              <Input id="att-month" type="month" name="month" defaultValue={data.month.month} key={data.month.month} placeholder="YYYY-MM" />
            </div>
          ) : null}
          <Button type="submit" variant="outline">
            {t("attendance.show")}
          </Button>
        </Form>
      ) : null}
      {data.view === "day" && data.day ? <DayView day={data.day} manualStates={data.manualStates} busy={nav.state !== "idle"} /> : null}
      {data.view === "month" && data.month ? <MonthView month={data.month} /> : null}
    </section>
  );
}

function DayView({
  day,
  manualStates,
  busy,
}: {
  day: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["day"]>;
  manualStates: readonly string[];
  busy: boolean;
}) {
  const { t } = useTranslation(["students"]);
  if (!day.classId) return <p className="text-sm text-gray-600">{t("attendance.noClass")}</p>;
  const recorded = day.counts.present + day.counts.late + day.counts.absent + day.counts.leave;
  // A child with no record on a past day did not "not yet arrive": the day is over, nothing was recorded.
  const past = day.date < todayCn();
  const stateLabel = (state: string) => t(`attendance.states.${state === "not_arrived" && past ? "unrecorded" : state}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2 text-sm" data-testid="attendance-counts" aria-label={t("attendance.counts")}>
        {(["present", "late", "absent", "leave", "not_arrived"] as const).map((s) => (
          <span key={s} className={cn("rounded px-2 py-1", TONE[s])} data-testid={`count-${s}`}>
            {stateLabel(s)}: {day.counts[s]}
          </span>
        ))}
        <span className="rounded bg-white px-2 py-1 ring-1 ring-gray-200" title={t("attendance.rateHelp")} data-testid="attendance-rate">
          {t("attendance.rate")}: {day.rate == null ? t("attendance.none") : `${day.rate.toFixed(1)}%`} (
          {t("attendance.presentOf", { present: day.counts.present + day.counts.late, total: recorded })})
        </span>
      </div>
      <p className="text-xs text-gray-500">{t("attendance.rateHelp")}</p>
      {/* One form for the class: every child's state, unrecorded ones preset to present (or leave on a passed note). */}
      <Form method="post" className="space-y-2" data-testid="attendance-class-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="class" />
        <input type="hidden" name="classId" value={day.classId} />
        <input type="hidden" name="date" value={day.date} />
        <p className="text-sm text-gray-600" id="all-present-help">
          {t("attendance.allPresentHelp")}
        </p>
        <div className="overflow-x-auto rounded-md bg-white shadow-sm ring-1 ring-gray-100">
          <table className="min-w-full text-sm" data-testid="attendance-day">
            <caption className="sr-only">{t("attendance.day")}</caption>
            <thead className="bg-gray-50 text-left text-gray-600">
              <tr>
                <th className="px-3 py-2 font-medium">{t("attendance.student")}</th>
                <th className="px-3 py-2 font-medium">{t("attendance.state")}</th>
                <th className="px-3 py-2 font-medium">{t("attendance.arrivedAt")}</th>
                <th className="px-3 py-2 font-medium">{t("attendance.source")}</th>
                <th className="px-3 py-2 font-medium">{t("attendance.changedBy")}</th>
                <th className="px-3 py-2 font-medium">{t("attendance.correct")}</th>
              </tr>
            </thead>
            <tbody>
              {day.list.length === 0 ? (
                <tr>
                  <td colSpan={6} className="px-3 py-6 text-center text-gray-500">
                    {t("attendance.empty")}
                  </td>
                </tr>
              ) : (
                day.list.map((r, i) => (
                  <tr key={r.studentId} className="border-t border-gray-100" data-testid={`att-row-${r.studentId}`}>
                    <td className="px-3 py-2">
                      <span className="font-medium text-gray-800">{r.name}</span>
                      {r.allergies ? (
                        <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white" data-testid="allergy-badge">
                          ⚠ {t("attendance.allergy")}: {r.allergies}
                        </span>
                      ) : null}
                      {r.leaveNote ? <span className="ml-2 text-xs text-sky-700">{t("attendance.leaveNote")}</span> : null}
                    </td>
                    <td className="px-3 py-2">
                      <StateBadge state={r.state} label={stateLabel(r.state)} />
                    </td>
                    <td className="px-3 py-2 tabular-nums text-gray-700">{r.arrivedAt ? r.arrivedAt.slice(11, 16) : t("attendance.none")}</td>
                    <td className="px-3 py-2 text-gray-700">{r.source ? t(`attendance.sources.${r.source}`) : t("attendance.none")}</td>
                    <td className="px-3 py-2 text-gray-700">{r.updatedByName ?? t("attendance.none")}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-1" data-testid={`correct-${r.studentId}`}>
                        <input type="hidden" name={`entries[${i}].studentId`} value={r.studentId} />
                        <input type="hidden" name={`entries[${i}].seen`} value={r.state} />
                        <label htmlFor={`st-${r.studentId}`} className="sr-only">
                          {t("attendance.state")} {r.name}
                        </label>
                        <NativeSelect
                          id={`st-${r.studentId}`}
                          name={`entries[${i}].status`}
                          defaultValue={presetState(r)}
                          inputSize="sm"
                          fit
                          className="min-w-[7rem]"
                          data-testid="att-status"
                        >
                          {manualStates.map((s) => (
                            <option key={s} value={s}>
                              {t(`attendance.states.${s}`)}
                            </option>
                          ))}
                        </NativeSelect>
                        <label htmlFor={`rm-${r.studentId}`} className="sr-only">
                          {t("attendance.remark")} {r.name}
                        </label>
                        <Input
                          id={`rm-${r.studentId}`}
                          name={`entries[${i}].remark`}
                          maxLength={200}
                          placeholder={t("attendance.remark")}
                          inputSize="sm"
                          fit
                          className="w-32"
                          data-testid="att-remark"
                        />
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {day.list.length ? (
          <Button type="submit" disabled={busy} aria-describedby="all-present-help" data-testid="attendance-save-class">
            {t("attendance.saveClass")}
          </Button>
        ) : null}
      </Form>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100">
          <h2 className="mb-2 text-base font-semibold text-gray-800">{t("attendance.changes")}</h2>
          {day.changes.length === 0 ? (
            <p className="text-sm text-gray-500">{t("attendance.noChanges")}</p>
          ) : (
            <ul className="space-y-1 text-sm text-gray-700" data-testid="attendance-changes">
              {day.changes.map((c, i) => (
                <li key={i}>
                  <span className="tabular-nums text-gray-500">{formatDateTime(c.at)}</span> {c.byName ?? t(`attendance.sources.${c.source}`)}: {c.studentName}{" "}
                  {c.fromState ? `${t("attendance.changeFrom")} ${t(`attendance.states.${c.fromState}`)} ` : ""}
                  {t("attendance.changeTo")} {t(`attendance.states.${c.toState}`)}
                  {c.remark ? ` (${c.remark})` : ""}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Form method="post" className="space-y-2 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" data-testid="late-rule">
          <CsrfInput />
          <input type="hidden" name="intent" value="settings" />
          <label htmlFor="late-after" className="block text-sm font-medium text-gray-700">
            {t("attendance.lateAfter")}
          </label>
          <Input id="late-after" type="time" name="lateAfter" defaultValue={day.lateAfter} required fit className="w-40" aria-describedby="late-after-help" />
          <p id="late-after-help" className="text-xs text-gray-500">
            {t("attendance.lateAfterHelp")}
          </p>
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            {t("attendance.saveSettings")}
          </Button>
        </Form>
      </div>
    </div>
  );
}

function MonthView({ month }: { month: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["month"]> }) {
  const { t } = useTranslation(["students"]);
  if (!month.classId) return <p className="text-sm text-gray-600">{t("attendance.noClass")}</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-700" data-testid="month-rate">
        {t("attendance.rate")}: {month.rate == null ? t("attendance.none") : `${month.rate.toFixed(1)}%`} (
        {t("attendance.presentOf", { present: month.present, total: month.total })})
      </p>
      <p className="text-xs text-gray-500">
        {t("attendance.legend")}:{" "}
        {(["present", "late", "absent", "leave"] as const).map((s) => `${t(`attendance.short.${s}`)} = ${t(`attendance.states.${s}`)}`).join(", ")}
      </p>
      <div className="overflow-x-auto rounded-md bg-white shadow-sm ring-1 ring-gray-100" tabIndex={0} role="region" aria-label={t("attendance.month")}>
        <table className="min-w-full text-xs" data-testid="attendance-month">
          <caption className="sr-only">{t("attendance.month")}</caption>
          <thead className="bg-gray-50 text-gray-600">
            <tr>
              <th className="sticky left-0 bg-gray-50 px-2 py-1 text-left font-medium">{t("attendance.student")}</th>
              {month.days.map((d) => (
                <th key={d} className="px-1 py-1 text-center font-medium tabular-nums" scope="col">
                  {d.slice(8)}
                </th>
              ))}
              <th className="px-2 py-1 text-right font-medium">{t("attendance.rate")}</th>
            </tr>
          </thead>
          <tbody>
            {month.rows.map((r) => (
              <tr key={r.studentId} className="border-t border-gray-100">
                <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-2 py-1 text-left font-normal text-gray-800">
                  {r.name}
                </th>
                {month.days.map((d) => {
                  const s = r.cells[d];
                  return (
                    <td key={d} className={cn("px-1 py-1 text-center", s ? TONE[s] : "")} title={s ? t(`attendance.states.${s}`) : undefined}>
                      {s ? t(`attendance.short.${s}`) : ""}
                    </td>
                  );
                })}
                <td className="px-2 py-1 text-right tabular-nums">{r.rate == null ? t("attendance.none") : `${r.rate.toFixed(1)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
