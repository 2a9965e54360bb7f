import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icons";
import { inAppClick } from "~/components/link";
import { cn } from "~/utils/cn";
import type { MenuSectionView } from "~/utils/permissions.server";
import { useLayoutT } from "./i18n";
import type { Crumbs } from "./breadcrumb";

/**
 * The sidebar menu (vue-element-admin Sidebar): server-rendered from the user's filtered tree.
 * Sections are <details name="kg-menu"> (one open at a time natively; with JavaScript the open
 * section is also kept in state so opening one closes the others everywhere). The current page is
 * highlighted and its section opened. Collapsed (desktop only): icons only, a section's pages show
 * in a flyout on hover or keyboard focus.
 * Its links are plain anchors with absolute hrefs; one click handler on the menu navigates inside the app (what Remix's
 * <Link> does, without resolving some 80 paths on every server render). `data-discover` lets Remix learn their routes
 * ahead of the click, as it does for <Link>.
 */
export function Sidebar({ menu, crumbs, collapsed }: { menu: MenuSectionView[]; crumbs: Crumbs; collapsed: boolean }) {
  const { t } = useLayoutT();
  const { pathname } = useLocation();
  const active = crumbs.activeSection;
  const HOME_ROUTE = { path: crumbs.home.path, meta: { title: crumbs.home.title } };
  const [openSection, setOpenSection] = useState<string | null>(active);
  useEffect(() => setOpenSection(active), [active, pathname]);

  const navRef = useRef<HTMLElement>(null);
  useInAppNavigation(navRef);

  const isActive = (path: string) => pathname === path || pathname.toLowerCase() === path.toLowerCase();
  const label = collapsed ? "desk:hidden" : "";

  return (
    <nav ref={navRef} aria-label={t("sidebar.label")} className="select-none text-sm text-menu-text" data-testid="sidebar">
      <ul>
        <li>
          <a
            href={HOME_ROUTE.path}
            data-discover="true"
            data-testid="menu-link"
            data-path={HOME_ROUTE.path}
            aria-current={isActive(HOME_ROUTE.path) ? "page" : undefined}
            title={collapsed ? t("menu:" + HOME_ROUTE.meta.title) : undefined}
            className={cn("flex h-14 items-center gap-3 px-5 hover:bg-menu-hover", isActive(HOME_ROUTE.path) && "text-menu-activeOnBg")}
          >
            <Icon name="home" className="h-4 w-4 shrink-0" />
            <span className={cn("truncate", label)}>{t("menu:" + HOME_ROUTE.meta.title)}</span>
          </a>
        </li>
        {menu.map((section) => {
          const sectionActive = section.path === active;
          const title = t("menu:" + section.title);
          return (
            <li key={section.path} className="group relative" data-testid="menu-section" data-path={section.path}>
              <details
                name="kg-menu"
                open={openSection === section.path}
                onToggle={(e) => {
                  const open = e.currentTarget.open;
                  setOpenSection((cur) => (open ? section.path : cur === section.path ? null : cur));
                }}
              >
                <summary
                  className={cn(
                    "flex h-14 cursor-pointer list-none items-center gap-3 px-5 hover:bg-menu-hover [&::-webkit-details-marker]:hidden",
                    sectionActive && "text-white",
                  )}
                  title={collapsed ? title : undefined}
                >
                  <Icon name={section.icon} className="h-4 w-4 shrink-0" />
                  <span className={cn("flex-1 truncate", label)}>{title}</span>
                  <Icon name="chevron" className={cn("h-3 w-3 shrink-0 transition-transform", openSection === section.path && "rotate-180", label)} />
                </summary>
                <ul className={cn("bg-menu-sub", label)}>
                  {section.children.map((page) => (
                    <li key={page.path}>
                      <MenuLink page={page} active={isActive(page.path)} className="h-[50px] pl-12 pr-5" testId="menu-link" />
                    </li>
                  ))}
                </ul>
              </details>
              {collapsed ? (
                <div className="absolute left-full top-0 z-50 hidden min-w-48 rounded-r bg-menu-sub py-1 shadow-lg max-desk:!hidden group-focus-within:block group-hover:block">
                  <div className="px-4 py-2 text-xs uppercase tracking-wide text-menu-text/70">{title}</div>
                  <ul>
                    {section.children.map((page) => (
                      <li key={page.path}>
                        <MenuLink page={page} active={isActive(page.path)} className="h-10 px-4" testId="menu-flyout-link" />
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function MenuLink({ page, active, className, testId }: { page: MenuSectionView["children"][number]; active: boolean; className: string; testId: string }) {
  const { t } = useLayoutT();
  const title = t("menu:" + page.title);
  const classes = cn("flex items-center gap-2 truncate hover:bg-menu-hover", active && "text-menu-active", className);
  if (page.external) {
    // Section 5: http:, https:, mailto:, tel: links open in a new tab.
    return (
      <a
        href={page.href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={testId}
        data-path={page.path}
        data-external="true"
        title={t("sidebar.externalHint")}
        className={classes}
      >
        <span className="truncate">{title}</span>
        <Icon name="external" className="h-3 w-3 shrink-0" />
      </a>
    );
  }
  return (
    <a href={page.href} data-discover="true" data-testid={testId} data-path={page.path} aria-current={active ? "page" : undefined} className={classes}>
      <span className="truncate">{title}</span>
    </a>
  );
}

/**
 * A click on one of the element's links that Remix's <Link> would navigate inside the app (~/components/link's
 * `inAppClick`) does so, by one handler on the element instead of one per link.
 */
function useInAppNavigation(ref: React.RefObject<HTMLElement>) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest("a");
      const target =
        a &&
        inAppClick(
          {
            defaultPrevented: e.defaultPrevented,
            button: e.button,
            metaKey: e.metaKey,
            altKey: e.altKey,
            ctrlKey: e.ctrlKey,
            shiftKey: e.shiftKey,
            currentTarget: a,
          },
          window.location,
        );
      if (!target) return;
      e.preventDefault();
      navigate(target.to);
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [ref, navigate]);
}
