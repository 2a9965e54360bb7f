import { Link, useLocation } from "@remix-run/react";
import { findPage, findSection, HOME_ROUTE } from "@contract/route-tree";
import { useLayoutT } from "./i18n";

/** Breadcrumb: Home › section › page (the section is not a link, like vue-element-admin's noRedirect). */
export function Breadcrumb() {
  const { t } = useLayoutT();
  const { pathname } = useLocation();
  const page = findPage(pathname);
  const section = page && page !== HOME_ROUTE ? findSection(pathname) : undefined;
  const items: Array<{ label: string; to?: string }> = [{ label: t("menu:" + HOME_ROUTE.meta.title), to: HOME_ROUTE.path }];
  if (section) items.push({ label: t("menu:" + section.meta.title) });
  if (page && page !== HOME_ROUTE) items.push({ label: t("menu:" + page.meta.title) });
  return (
    <nav aria-label={t("navbar.breadcrumb")} className="min-w-0" data-testid="breadcrumb">
      <ol className="flex items-center gap-2 truncate text-sm">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i} className="flex items-center gap-2 truncate">
              {i > 0 ? (
                <span className="text-gray-400" aria-hidden="true">
                  /
                </span>
              ) : null}
              {item.to && !last ? (
                <Link to={item.to} className="font-semibold text-gray-700 hover:text-primary">
                  {item.label}
                </Link>
              ) : (
                <span className={last ? "truncate text-gray-500" : "truncate text-gray-700"} aria-current={last ? "page" : undefined}>
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
