import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { lazyView } from "~/utils/lazy-view";
import { pageMeta } from "~/utils/meta";
import { nurseryAction, nurseryLoader } from "./__daily.server";

/**
 * /daily/nursery (roles 1,3,5; show:isShowNursery): baby-sitting. Three views, each a GET URL that works without
 * JavaScript: the records list (default), `?view=sheet&classId&date` — the class day sheet, every child of the class
 * in one form (mood, meals, water, toilet times, sleep slots, health notes), saved at once (a bad cell: 422 with the
 * message by the cell, nothing saved) — and `?view=week&studentId&date` — one child's week.
 */
export const loader = nurseryLoader;
export const action = nurseryAction;
export const meta = pageMeta;

// Each view loaded when shown: the records list does not bring the day sheet and week, nor they the list.
const ResourceListPage = lazyView(() => import("~/components/resource/list").then((m) => m.ResourceListPage));
const Sheet = lazyView(() => import("./__nursery-views").then((m) => m.Sheet));
const Week = lazyView(() => import("./__nursery-views").then((m) => m.Week));

function Tabs({ view }: { view: string }) {
  const { t } = useTranslation(["daily"]);
  const tab = (v: string, label: string, href: string) => (
    <Link
      to={href}
      aria-current={view === v ? "page" : undefined}
      className={`rounded px-3 py-1.5 text-sm ${view === v ? "bg-primary text-white" : "border border-gray-300 text-gray-700 hover:border-primary"}`}
      data-testid={`nursery-tab-${v}`}
    >
      {label}
    </Link>
  );
  return (
    <nav className="flex gap-2" aria-label={t("daily:nursery.title")}>
      {tab("list", t("daily:nursery.records"), "/daily/nursery")}
      {tab("sheet", t("daily:nursery.sheet"), "/daily/nursery?view=sheet")}
      {tab("week", t("daily:nursery.week"), "/daily/nursery?view=week")}
    </nav>
  );
}

export default function Page() {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = useLoaderData<any>();
  const view = data.dailyView as "list" | "sheet" | "week";
  return (
    <div className="space-y-4">
      <Tabs view={view} />
      {view === "sheet" ? <Sheet /> : view === "week" ? <Week /> : <ResourceListPage />}
    </div>
  );
}
