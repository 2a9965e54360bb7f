import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { consoleLoader } from "~/utils/console-layout.server";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { Suspense, useEffect, useState } from "react";
import { Role } from "@contract/roles";
import { HydrationMark } from "~/components/hydration-mark";
import { GuardErrorBoundary } from "~/components/lazy-error-boundaries";
import { MOBILE_SIDEBAR_ID, Navbar } from "~/components/layout/navbar";
import { Sidebar } from "~/components/layout/sidebar";
import { TagsView } from "~/components/layout/tags-view";
import { cn } from "~/utils/cn";
import { pageMeta } from "~/utils/meta";

/**
 * The authenticated frame (vue-element-admin Layout): sidebar, navbar, visited-page tabs, page.
 * Its loader runs on every navigation: the user (or /login?redirect=…), the filtered menu, the tabs
 * (the visited page is added here when it is a permitted page of the route tree), the sidebar
 * state and the kindergarten choices (roles 1 and 11). `title` feeds the document title.
 */
export const handle = { i18n: ["layout", "menu"] };

export const loader = (args: LoaderFunctionArgs) => consoleLoader(args);

export type ConsoleLoaderData = SerializeFrom<typeof loader>;

export const CONSOLE_ROUTE_ID = "routes/_console+/_layout";

/** The frame's data (menu, tabs, title) must follow every navigation, not only param changes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search || defaultShouldRevalidate;

export const meta = pageMeta;

const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export default function ConsoleLayout() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(!data.sidebarOpened);
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => setCollapsed(!data.sidebarOpened), [data.sidebarOpened]);
  // Under 992px the sidebar is an overlay that closes itself on navigation.
  useEffect(() => setMobileOpen(false), [location.key]);

  const toggleSidebar = () => {
    const next = !collapsed;
    setCollapsed(next);
    document.cookie = `sidebarStatus=${next ? 0 : 1}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
  };

  // The applicant (role 13) has a page of her own, which draws her light frame (no staff menu, breadcrumb or tabs)
  // itself: app/routes/_console+/admission+/wx.introduction.tsx.
  if (data.user.roleId === Role.applicant)
    return (
      <Suspense fallback={null}>
        <Outlet />
        <HydrationMark />
      </Suspense>
    );

  return (
    <div className="min-h-screen bg-gray-50" data-testid="console" data-sidebar={collapsed ? "closed" : "opened"}>
      <input
        id={MOBILE_SIDEBAR_ID}
        type="checkbox"
        className="peer sr-only"
        checked={mobileOpen}
        onChange={(e) => setMobileOpen(e.currentTarget.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <label
        htmlFor={MOBILE_SIDEBAR_ID}
        className="fixed inset-0 z-30 hidden bg-black/30 max-desk:peer-checked:block"
        aria-hidden="true"
        data-testid="sidebar-backdrop"
      />
      <aside
        className={cn(
          "fixed inset-y-0 left-0 z-40 w-sidebar bg-menu-bg transition-[width,transform] duration-200",
          "max-desk:-translate-x-full max-desk:overflow-y-auto max-desk:peer-checked:translate-x-0",
          collapsed ? "desk:w-[54px] desk:overflow-visible" : "desk:w-sidebar desk:overflow-y-auto",
        )}
        data-testid="sidebar-container"
      >
        <Sidebar menu={data.menu} crumbs={data.crumbs} collapsed={collapsed} />
      </aside>
      <div className={cn("flex min-h-screen flex-col transition-[margin] duration-200", collapsed ? "desk:ml-[54px]" : "desk:ml-[240px]")}>
        {/* settings.fixedHeader is off (section 3): the header scrolls with the page. */}
        <div className="relative z-20">
          <Navbar
            user={data.user}
            kindergartens={data.kindergartens}
            collapsed={collapsed}
            onToggleSidebar={toggleSidebar}
            canSwitchKindergarten={data.canSwitchKindergarten}
            crumbs={data.crumbs}
          />
          <TagsView tabs={data.tabs} />
        </div>
        <main className="flex-1 p-5" data-testid="app-main">
          {/* Lazily loaded views (~/utils/lazy-view) suspend here: during hydration the server's HTML stays meanwhile. */}
          <Suspense fallback={null}>
            <Outlet />
            <HydrationMark />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

export { GuardErrorBoundary as ErrorBoundary };
