import { dateFormat, langOf } from "@contract/format";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MEALS, MOODS } from "@contract/daily/nursery-vocab";
import { addDays } from "@contract/school-time";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/utils/i18n-react";

/** /daily/nursery's class day sheet and child's week (app/routes/_console+/daily+/nursery.tsx loads them when shown). */
const input = "w-full rounded border border-gray-300 px-2 py-1 text-sm";

/** The day sheet's columns, in order (the week view's rows too). */
const SHEET_FIELDS = ["mood", "meals", "hydrationMl", "toiletTimes", "sleepSlots", "healthNote"] as const;
const PLACEHOLDERS: Partial<Record<(typeof SHEET_FIELDS)[number], string>> = { toiletTimes: "09:10, 11:30", sleepSlots: "12:30-14:30" };

type SheetRow = {
  studentId: number;
  name: string;
  mood: string | null;
  meals: string | null;
  hydrationMl: number | null;
  toiletTimes: string;
  sleepSlots: string;
  healthNote: string | null;
};

export function Sheet() {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = useLoaderData<any>();
  const failed = useActionData<{ error?: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> }>();
  const nav = useNavigation();
  const { t } = useTranslation(["daily", "crud"]);
  const rows = data.rows as SheetRow[];
  const errs = failed?.fieldErrors ?? {};
  const val = (key: string, fallback: unknown) => (failed?.values ? (failed.values[key] ?? "") : fallback == null ? "" : String(fallback));
  const cellError = (key: string) =>
    errs[key] ? (
      <p id={`${key}-error`} className="mt-1 text-xs text-red-600">
        {errs[key]!.join(" ")}
      </p>
    ) : null;
  const aria = (key: string) => ({ "aria-invalid": errs[key] ? true : undefined, "aria-describedby": errs[key] ? `${key}-error` : undefined });
  return (
    <div className="space-y-4" data-testid="nursery-sheet">
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100">
        <input type="hidden" name="view" value="sheet" />
        <label className="text-sm">
          <span className="block text-gray-600">{t("daily:common.class")}</span>
          <select name="classId" defaultValue={data.classId} className={input} data-testid="sheet-class">
            {(data.classes as { value: number; label: string }[]).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-gray-600">{t("daily:common.date")}</span>
          <input type="date" name="date" defaultValue={data.date} className={input} />
        </label>
        <Button type="submit" variant="outline">
          {t("daily:nursery.load")}
        </Button>
      </Form>
      {data.error || failed?.error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="sheet-error">
          {failed?.error ?? data.error}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-sm text-gray-500">{data.classId ? t("daily:nursery.noStudents") : t("daily:nursery.chooseClass")}</p>
      ) : (
        <Form method="post" className="space-y-3">
          <CsrfInput />
          <input type="hidden" name="classId" value={data.classId} />
          <input type="hidden" name="date" value={data.date} />
          <div className="overflow-x-auto rounded-md bg-white shadow-sm ring-1 ring-gray-100">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t("daily:nursery.sheet")}</caption>
              <thead className="bg-gray-50 text-left text-gray-600">
                <tr>
                  {["daily:common.student", ...SHEET_FIELDS.map((f) => `daily:nursery.fields.${f}`)].map((key) => (
                    <th key={key} scope="col" className="px-2 py-2">
                      {t(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.studentId} className="border-t border-gray-100 align-top" data-testid="sheet-row">
                    <th scope="row" className="whitespace-nowrap px-2 py-2 text-left font-medium text-gray-800">
                      {r.name}
                    </th>
                    {SHEET_FIELDS.map((f) => {
                      const name = `${f}_${r.studentId}`;
                      const props = { name, defaultValue: val(name, r[f]), "aria-label": `${r.name} ${t(`daily:nursery.fields.${f}`)}`, ...aria(name) };
                      const choices = f === "mood" ? MOODS : f === "meals" ? MEALS : null;
                      return (
                        <td key={f} className="px-2 py-2">
                          {choices ? (
                            <select {...props} className={input}>
                              <option value="">—</option>
                              {choices.map((m) => (
                                <option key={m} value={m}>
                                  {t(`daily:nursery.${f === "mood" ? "moods" : "meals"}.${m}`)}
                                </option>
                              ))}
                            </select>
                          ) : (
                            <input
                              {...props}
                              inputMode={f === "hydrationMl" ? "numeric" : undefined}
                              placeholder={PLACEHOLDERS[f]}
                              className={f === "hydrationMl" ? `${input} w-20` : input}
                            />
                          )}
                          {cellError(name)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button type="submit" disabled={nav.state === "submitting"} data-testid="sheet-save">
            {t("daily:nursery.save")}
          </Button>
        </Form>
      )}
    </div>
  );
}

export function Week() {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = useLoaderData<any>();
  const { t, i18n } = useTranslation(["daily"]);
  const shift = (days: number) => addDays(data.monday, days);
  const weekday = (d: string) => dateFormat(langOf(i18n.language), { weekday: "short", timeZone: "UTC" }).format(new Date(d + "T00:00:00Z"));
  type Rec = { mood: string | null; meals: string | null; hydrationMl: number | null; toiletTimes: string; sleepSlots: string; healthNote: string | null };
  const days = data.days as { date: string; record: Rec | null }[];
  const line = (label: string, value: (r: Rec) => string) => (
    <tr className="border-t border-gray-100">
      <th scope="row" className="whitespace-nowrap px-2 py-2 text-left font-medium text-gray-600">
        {label}
      </th>
      {days.map((d) => (
        <td key={d.date} className="px-2 py-2 text-gray-800">
          {d.record ? value(d.record) : "—"}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="space-y-4" data-testid="nursery-week">
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100">
        <input type="hidden" name="view" value="week" />
        <label className="text-sm">
          <span className="block text-gray-600">{t("daily:common.student")}</span>
          <select name="studentId" defaultValue={data.studentId} className={input}>
            {(data.students as { value: number; label: string }[]).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-gray-600">{t("daily:common.date")}</span>
          <input type="date" name="date" defaultValue={data.date} className={input} />
        </label>
        <Button type="submit" variant="outline">
          {t("daily:nursery.load")}
        </Button>
        <Link className="text-sm text-primary hover:underline" to={`/daily/nursery?view=week&studentId=${data.studentId}&date=${shift(-7)}`}>
          {t("daily:nursery.prevWeek")}
        </Link>
        <Link className="text-sm text-primary hover:underline" to={`/daily/nursery?view=week&studentId=${data.studentId}&date=${shift(7)}`}>
          {t("daily:nursery.nextWeek")}
        </Link>
      </Form>
      <div className="overflow-x-auto rounded-md bg-white shadow-sm ring-1 ring-gray-100">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t("daily:nursery.week")}</caption>
          <thead className="bg-gray-50 text-left text-gray-600">
            <tr>
              <td />
              {days.map((d) => (
                <th key={d.date} scope="col" className="px-2 py-2">
                  {weekday(d.date)} {d.date.slice(5)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {line(t("daily:nursery.fields.mood"), (r) => (r.mood ? t(`daily:nursery.moods.${r.mood}`) : "—"))}
            {line(t("daily:nursery.fields.meals"), (r) => (r.meals ? t(`daily:nursery.meals.${r.meals}`) : "—"))}
            {line(t("daily:nursery.fields.hydrationMl"), (r) => (r.hydrationMl == null ? "—" : String(r.hydrationMl)))}
            {line(t("daily:nursery.fields.toiletTimes"), (r) => r.toiletTimes || "—")}
            {line(t("daily:nursery.fields.sleepSlots"), (r) => r.sleepSlots || "—")}
            {line(t("daily:nursery.fields.healthNote"), (r) => r.healthNote || "—")}
          </tbody>
        </table>
      </div>
    </div>
  );
}
