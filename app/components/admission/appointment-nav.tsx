import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { viewHref } from "./appointment-format";

export const tabClass = (on: boolean) =>
  on ? "rounded bg-blue-600 px-3 py-1 text-sm font-medium text-white" : "rounded px-3 py-1 text-sm text-blue-700 underline hover:bg-blue-50";

/** List / Day / Week as plain links; `date` and `keep` carry the day and the scope over. */
export function AppointmentViewSwitch({
  page,
  current,
  date,
  keep = {},
}: {
  /** The appointments' page. */ page: string;
  current: "list" | "day" | "week";
  date: string;
  keep?: Record<string, string>;
}) {
  const { t } = useTranslation("admission");
  return (
    <nav aria-label={t("appointments.views.switch")} className="flex gap-1" data-testid="appointment-views">
      {(["list", "day", "week"] as const).map((v) => (
        <Link
          key={v}
          to={viewHref(page, v, date, v === "list" ? {} : keep)}
          className={tabClass(v === current)}
          aria-current={v === current ? "page" : undefined}
          data-testid={`view-${v}`}
        >
          {t(`appointments.views.${v}`)}
        </Link>
      ))}
    </nav>
  );
}
