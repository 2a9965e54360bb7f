import { Link } from "~/components/link";
import { useLayoutT } from "./i18n";

/** The current page's place in the route tree, from the console layout's loader (title keys of the menu namespace). */
export interface Crumbs {
  home: { path: string; title: string };
  section: { path: string; title: string } | null;
  page: string | null;
  /** The sidebar section to open (also for pages of a section that are not its own, like its sub-pages). */
  activeSection: string | null;
}

/** Breadcrumb: Home › section › page (the section is not a link, like vue-element-admin's noRedirect). */
export function Breadcrumb({ crumbs }: { crumbs: Crumbs }) {
  const { t } = useLayoutT();
  const items: Array<{ label: string; to?: string }> = [{ label: t("menu:" + crumbs.home.title), to: crumbs.home.path }];
  if (crumbs.section) items.push({ label: t("menu:" + crumbs.section.title) });
  if (crumbs.page) items.push({ label: t("menu:" + crumbs.page) });
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
