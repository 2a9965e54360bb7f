import { Form, Link } from "@remix-run/react";
import { addDays } from "@contract/daily/time";
import { Button, buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/utils/i18n-react";
import { viewHref, type AppointmentViewData } from "./appointment-format";
import { tabClass } from "./appointment-nav";

// The day and week views' own navigation (the list loads only the view switch, ./appointment-nav).

/** Previous / today / next day or week. */
export function AppointmentPeriodNav({ data, keep }: { data: AppointmentViewData; keep: Record<string, string> }) {
  const { t } = useTranslation("admission");
  const step = data.view === "week" ? 7 : 1;
  const link = (date: string, key: string, testId: string) => (
    <Link to={viewHref(data.def.page, data.view, date, keep)} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid={testId}>
      {t(`appointments.views.${key}`)}
    </Link>
  );
  return (
    <nav aria-label={t("appointments.views.period")} className="flex gap-2">
      {link(addDays(data.date, -step), data.view === "week" ? "prevWeek" : "prevDay", "period-prev")}
      {link(data.today, "today", "period-today")}
      {link(addDays(data.date, step), data.view === "week" ? "nextWeek" : "nextDay", "period-next")}
    </nav>
  );
}

/** Role 12: only mine / all of my kindergarten (links); the group roles: the kindergarten (a GET form). */
export function AppointmentScope({ data }: { data: AppointmentViewData }) {
  const { t } = useTranslation(["admission", "resources"]);
  if (data.mine !== null)
    return (
      <nav aria-label={t("appointments.views.scope")} className="flex gap-1" data-testid="appointment-scope">
        <Link
          to={viewHref(data.def.page, data.view, data.date, {})}
          className={tabClass(data.mine)}
          aria-current={data.mine ? "page" : undefined}
          data-testid="scope-mine"
        >
          {t("appointments.views.mine")}
        </Link>
        <Link
          to={viewHref(data.def.page, data.view, data.date, { all: "1" })}
          className={tabClass(!data.mine)}
          aria-current={!data.mine ? "page" : undefined}
          data-testid="scope-all"
        >
          {t("appointments.views.all")}
        </Link>
      </nav>
    );
  if (!data.kindergartens.length) return null;
  return (
    <Form method="get" action={data.def.page} className="flex items-end gap-2" data-testid="appointment-scope">
      <input type="hidden" name="view" value={data.view} />
      <input type="hidden" name="date" value={data.date} />
      <label className="text-sm">
        <span className="mb-1 block text-xs text-gray-500">{t("resources:common.kindergarten")}</span>
        <select name="kindergartenId" defaultValue={data.kindergartenId} className="rounded border border-gray-300 px-2 py-1 text-sm">
          <option value="">{t("appointments.views.allKindergartens")}</option>
          {data.kindergartens.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" size="sm">
        {t("appointments.views.show")}
      </Button>
    </Form>
  );
}
