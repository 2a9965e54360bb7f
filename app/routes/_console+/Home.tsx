import { dateFormat, langOf } from "@contract/format";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { AttendanceTrend } from "~/components/home/attendance-trend";
import { TodoList } from "~/components/home/todo-list";
import { GuardErrorBoundary } from "~/components/lazy-error-boundaries";
import { useLayoutT } from "~/components/layout/i18n";
import { pageMeta } from "~/utils/meta";
import { pageAction, pageLoader } from "~/utils/page";
import { hasPermission } from "@contract/permissions";
import { ALL_PAGES } from "@contract/route-tree";
import { settle, upstream } from "~/utils/upstream.server";
import type { ConsoleLoaderData } from "./_layout";
import { LinkRequests } from "~/components/home/link-requests";
import { Role } from "@contract/roles";
import { linkRequestsSchema, summarySchema } from "./__home.server";
import { backupStatusSchema } from "./__backup-status.server";
import { BackupStatusCard } from "~/components/home/backup-status";
import { todayCn } from "@contract/school-time";

/**
 * /Home (affix tab, every role): greeting with name and role, current kindergarten and group,
 * what needs attention today and a few figures for the role (one call: GET home/summary, scoped by
 * the API to the caller's role and reach), and shortcut cards to the pages of the user's menu.
 */

/** This page takes no posts; a POST still meets the guard (403, else 405). */
export const action = /* @__PURE__ */ pageAction();
export const loader = /* @__PURE__ */ pageLoader(async ({ request, user }) => {
  const [result, backup, links] = await Promise.all([
    settle(upstream(request).get("home/summary", { schema: summarySchema })),
    // The super admin is told whether backups run (issue 29); nobody else is asked.
    user.info.roleId === Role.superAdmin ? settle(upstream(request).get("backups/status/", { schema: backupStatusSchema })) : null,
    // A parent who registered himself sees whether his link to the child still waits for approval.
    user.info.roleId === Role.parent ? settle(upstream(request).get("home/link_requests/", { schema: linkRequestsSchema })) : null,
  ]);
  // Pages kept out of the menu (hidden) that the user may open and that need no id, e.g. the
  // applicant's admission introduction or the admissions teacher's appointment list.
  const subject = { ...user.info };
  const more = ALL_PAGES.filter((p) => p.hidden && !p.path.includes(":") && hasPermission(subject, p.meta)).map((p) => ({
    path: p.path,
    title: p.meta.title,
  }));
  const check = ALL_PAGES.find((p) => p.path === "/student/studentCheck");
  return {
    more,
    // Where the attendance card sends those who take attendance (the kindergarten admin).
    checkPath: check && hasPermission(subject, check.meta) ? check.path : null,
    summary: result.ok ? result.data : null,
    backup: backup?.ok ? backup.data : null,
    linkRequests: links?.ok ? links.data.list : [],
    educationGroupName: user.info.educationGroupName,
    today: todayCn(),
  };
});

export const meta = pageMeta;

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const frame = useRouteLoaderData("routes/_console+/_layout") as ConsoleLoaderData | undefined;
  const { t, i18n } = useLayoutT();
  const user = frame?.user;
  const menu = frame?.menu ?? [];
  const todos = data.summary?.todos.filter((todo) => todo.count > 0) ?? [];
  const date = dateFormat(langOf(i18n.language), { dateStyle: "full", timeZone: "UTC" }).format(new Date(data.today + "T00:00:00Z"));

  return (
    <div className="space-y-5" data-testid="home">
      <section className="rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="home-greeting">
          {t("home.greeting", { name: user?.realName ?? "" })}
        </h1>
        <p className="mt-1 text-sm text-gray-500">{t("home.today", { date })}</p>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-gray-500">{t("home.currentRole")}</dt>
            <dd className="mt-1 font-medium text-gray-800" data-testid="home-role">
              {user ? t("menu:role." + user.roleId) : t("home.none")}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">{t("home.kindergarten")}</dt>
            <dd className="mt-1 font-medium text-gray-800" data-testid="home-kindergarten">
              {user?.kindergartenName ?? t("home.none")}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">{t("home.group")}</dt>
            <dd className="mt-1 font-medium text-gray-800">{data.educationGroupName ?? t("home.none")}</dd>
          </div>
        </dl>
      </section>

      <LinkRequests list={data.linkRequests} />

      <div className="grid gap-5 lg:grid-cols-3">
        <section className="rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100 lg:col-span-1" data-testid="home-todos">
          <h2 className="flex items-center gap-2 text-base font-semibold text-gray-800">
            <Icon name="bell" className="h-4 w-4 text-primary" />
            {t("home.attention")}
          </h2>
          {data.summary === null ? (
            <p className="mt-4 text-sm text-gray-500">{t("home.figuresUnavailable")}</p>
          ) : todos.length === 0 ? (
            <p className="mt-4 text-sm text-gray-500">{t("home.noTodos")}</p>
          ) : (
            <TodoList todos={todos} />
          )}
        </section>

        <section className="rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100 lg:col-span-2" data-testid="home-figures">
          <h2 className="flex items-center gap-2 text-base font-semibold text-gray-800">
            <Icon name="chart" className="h-4 w-4 text-primary" />
            {t("home.figures")}
          </h2>
          {data.summary && data.summary.cards.length > 0 ? (
            <div className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3">
              {data.summary.cards.map((card) => (
                <div key={card.key} className="rounded border border-gray-100 bg-gray-50 p-4" data-testid="home-card" data-key={card.key}>
                  <div className="text-2xl font-semibold text-gray-800">{card.value.toLocaleString()}</div>
                  <div className="mt-1 text-xs text-gray-500">{t("home.cards." + card.key, { defaultValue: card.key })}</div>
                </div>
              ))}
            </div>
          ) : (
            <p className="mt-4 text-sm text-gray-500">{data.summary ? t("home.noFigures") : t("home.figuresUnavailable")}</p>
          )}
        </section>
      </div>

      {data.backup ? <BackupStatusCard status={data.backup} /> : null}

      {data.summary?.attendance ? <AttendanceTrend data={data.summary.attendance} checkPath={data.checkPath} /> : null}

      <section className="rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100" data-testid="home-shortcuts">
        <h2 className="text-base font-semibold text-gray-800">{t("home.shortcuts")}</h2>
        {data.more.length > 0 ? (
          <div className="mt-4 flex flex-wrap gap-3" data-testid="home-more">
            {data.more.map((page) => (
              <Link
                key={page.path}
                to={page.path}
                data-testid="home-shortcut"
                className="rounded border border-gray-200 px-3 py-2 text-sm text-gray-700 hover:border-primary hover:text-primary"
              >
                {t("menu:" + page.title)}
              </Link>
            ))}
          </div>
        ) : null}
        {menu.length === 0 && data.more.length === 0 ? (
          <p className="mt-4 text-sm text-gray-500">{t("home.noShortcuts")}</p>
        ) : (
          <div className="mt-4 space-y-5">
            {menu.map((section) => (
              <div key={section.path}>
                <h3 className="flex items-center gap-2 text-sm font-medium text-gray-600">
                  <Icon name={section.icon} className="h-4 w-4" />
                  {t("menu:" + section.title)}
                </h3>
                <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                  {section.children.map((page) =>
                    page.external ? (
                      <a
                        key={page.path}
                        href={page.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        data-testid="home-shortcut"
                        className="flex items-center justify-between gap-2 rounded border border-gray-200 px-3 py-2 text-sm text-gray-700 hover:border-primary hover:text-primary"
                      >
                        <span className="truncate">{t("menu:" + page.title)}</span>
                        <Icon name="external" className="h-3 w-3 shrink-0" />
                      </a>
                    ) : (
                      <Link
                        key={page.path}
                        to={page.href}
                        data-testid="home-shortcut"
                        className="truncate rounded border border-gray-200 px-3 py-2 text-sm text-gray-700 hover:border-primary hover:text-primary"
                      >
                        {t("menu:" + page.title)}
                      </Link>
                    ),
                  )}
                </div>
              </div>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

export { GuardErrorBoundary as ErrorBoundary };
