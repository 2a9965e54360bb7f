import { Form, useLocation } from "@remix-run/react";
import type { ChangeEvent, ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { Icon } from "~/components/icons";
import { cn } from "~/utils/cn";
import { Breadcrumb, type Crumbs } from "./breadcrumb";
import { useLayoutT } from "./i18n";

export interface NavbarUser {
  realName: string;
  roleId: number;
  roles: number[];
  kindergartenId: number | null;
  kindergartenName: string | null;
}

export const MOBILE_SIDEBAR_ID = "kg-sidebar-mobile";

/** Submits the select's form at once when JavaScript runs; without it the noscript button does. */
const submitOnChange = (e: ChangeEvent<HTMLSelectElement>) => e.currentTarget.form?.requestSubmit();

function NoJsSubmit({ label }: { label: string }) {
  return (
    <noscript>
      <button type="submit" className="ml-1 rounded border border-gray-300 bg-white px-2 py-0.5 text-xs text-gray-700 hover:border-primary hover:text-primary">
        {label}
      </button>
    </noscript>
  );
}

function Field({ label, children, htmlFor }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={htmlFor} className="sr-only">
        {label}
      </label>
      {children}
    </div>
  );
}

const selectClass = "h-8 max-w-[12rem] truncate rounded border border-gray-300 bg-white px-2 text-sm text-gray-700 hover:border-primary focus:border-primary";

/**
 * Top bar: hamburger, breadcrumb, kindergarten switcher (roles 1 and 11), role switcher (several
 * roles), language selector, user name and logout. Every control is a plain form (works without
 * JavaScript); with JavaScript a select submits as soon as it changes.
 */
export function Navbar({
  user,
  kindergartens,
  collapsed,
  onToggleSidebar,
  canSwitchKindergarten,
  crumbs,
}: {
  crumbs: Crumbs;
  user: NavbarUser;
  kindergartens: Array<{ id: number; kindergartenName: string }>;
  collapsed: boolean;
  onToggleSidebar: () => void;
  canSwitchKindergarten: boolean;
}) {
  const { t, i18n } = useLayoutT();
  const location = useLocation();
  const here = location.pathname + location.search;
  const lng = i18n.language === "en" ? "en" : "zh";
  const kgChoices =
    user.kindergartenId != null && !kindergartens.some((k) => k.id === user.kindergartenId)
      ? [{ id: user.kindergartenId, kindergartenName: user.kindergartenName ?? String(user.kindergartenId) }, ...kindergartens]
      : kindergartens;

  return (
    <header className="flex h-[50px] items-center gap-3 border-b border-gray-200 bg-white px-2 shadow-sm" data-testid="navbar">
      {/* Desktop: collapse/expand, kept in cookie sidebarStatus. */}
      <Form
        method="post"
        action="/sidebar-toggle"
        className="max-desk:hidden"
        onSubmit={(e) => {
          e.preventDefault();
          onToggleSidebar();
        }}
      >
        <CsrfInput />
        <input type="hidden" name="status" value={collapsed ? "1" : "0"} />
        <input type="hidden" name="redirectTo" value={here} />
        <button
          type="submit"
          data-testid="sidebar-toggle"
          aria-label={collapsed ? t("sidebar.expand") : t("sidebar.collapse")}
          title={collapsed ? t("sidebar.expand") : t("sidebar.collapse")}
          className="flex h-[50px] w-10 items-center justify-center text-gray-600 hover:bg-gray-100"
        >
          <Icon name={collapsed ? "unfold" : "fold"} className="h-5 w-5" />
        </button>
      </Form>
      {/* Under 992px: the sidebar is an overlay opened by this label (a checkbox, no JavaScript needed). */}
      <label
        htmlFor={MOBILE_SIDEBAR_ID}
        data-testid="sidebar-mobile-toggle"
        aria-label={t("sidebar.openMenu")}
        title={t("sidebar.openMenu")}
        className="flex h-[50px] w-10 cursor-pointer items-center justify-center text-gray-600 hover:bg-gray-100 desk:hidden"
      >
        <Icon name="menu" className="h-5 w-5" />
      </label>

      <div className="min-w-0 flex-1">
        <Breadcrumb crumbs={crumbs} />
      </div>

      <div className="flex shrink-0 items-center gap-3">
        {canSwitchKindergarten && kgChoices.length > 0 ? (
          <Form method="post" action="/switch-kindergarten" className="flex items-center" data-testid="kindergarten-switcher">
            <CsrfInput />
            <Field label={t("navbar.switchKindergarten")} htmlFor="kg-switch-kindergarten">
              <select
                id="kg-switch-kindergarten"
                name="kindergartenId"
                defaultValue={user.kindergartenId ?? undefined}
                key={user.kindergartenId ?? "none"}
                onChange={submitOnChange}
                className={selectClass}
                title={t("navbar.switchKindergarten")}
              >
                {kgChoices.map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.kindergartenName}
                  </option>
                ))}
              </select>
            </Field>
            <NoJsSubmit label={t("navbar.switch")} />
          </Form>
        ) : user.kindergartenName ? (
          <span className="hidden max-w-[12rem] truncate text-sm text-gray-500 lg:inline" data-testid="kindergarten-name">
            {user.kindergartenName}
          </span>
        ) : null}

        {user.roles.length > 1 ? (
          <Form method="post" action="/switch-role" className="flex items-center" data-testid="role-switcher">
            <CsrfInput />
            <Field label={t("navbar.switchRole")} htmlFor="kg-switch-role">
              <select
                id="kg-switch-role"
                name="roleId"
                defaultValue={user.roleId}
                key={user.roleId}
                onChange={submitOnChange}
                className={selectClass}
                title={t("navbar.switchRole")}
              >
                {user.roles.map((r) => (
                  <option key={r} value={r} data-vocab="">
                    {t("menu:role." + r)}
                  </option>
                ))}
              </select>
            </Field>
            <NoJsSubmit label={t("navbar.switch")} />
          </Form>
        ) : (
          <span className="hidden text-sm text-gray-500 md:inline" data-testid="role-name">
            {t("menu:role." + user.roleId)}
          </span>
        )}

        <Form method="post" action="/set-lang" className="flex items-center" data-testid="language-switcher">
          <CsrfInput />
          <input type="hidden" name="redirectTo" value={here} />
          <Field label={t("navbar.switchLanguage")} htmlFor="kg-switch-lang">
            <select
              id="kg-switch-lang"
              name="lng"
              defaultValue={lng}
              key={lng}
              onChange={submitOnChange}
              className={cn(selectClass, "w-auto")}
              title={t("navbar.switchLanguage")}
            >
              {/* Each language names itself in its own script (WCAG 3.1.2, language of parts). */}
              <option value="zh" lang="zh">
                {t("navbar.langZh")}
              </option>
              <option value="en" lang="en">
                {t("navbar.langEn")}
              </option>
            </select>
          </Field>
          <NoJsSubmit label={t("navbar.switch")} />
        </Form>

        <span className="hidden max-w-[10rem] truncate text-sm font-medium text-gray-700 lg:inline" data-testid="user-name" title={t("navbar.user")}>
          {user.realName}
        </span>

        <Form method="post" action="/logout">
          <CsrfInput />
          <button
            type="submit"
            data-testid="logout"
            className="flex h-8 items-center gap-1 rounded px-2 text-sm text-gray-600 hover:bg-gray-100 hover:text-primary"
          >
            <Icon name="logout" className="h-4 w-4" />
            <span className="hidden sm:inline">{t("navbar.logout")}</span>
          </button>
        </Form>
      </div>
    </header>
  );
}
