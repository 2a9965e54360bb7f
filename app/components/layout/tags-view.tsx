import { Form, useLocation, useSubmit } from "@remix-run/react";
import { Link } from "~/components/link";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { Icon } from "~/components/icons";
import { cn } from "~/utils/cn";
import { useLayoutT } from "./i18n";

export interface TabView {
  path: string;
  fullPath: string;
  title: string;
  affix: boolean;
}

type Intent = "refresh" | "close" | "closeOthers" | "closeAll";

/** The right-click menu (Radix), loaded on the first right-click. */
const TabMenu = lazy(() => import("./tab-menu"));

/**
 * Visited-page tabs (vue-element-admin TagsView). The list comes from the server (cookie kg_tabs).
 * Without JavaScript: each tab's × and the Refresh / Close Others / Close All buttons (acting on the
 * current tab) are submit buttons of one plain form posting to /tabs. With JavaScript: the same
 * form, plus a right-click menu on every tab offering the four actions for that tab.
 */
export function TagsView({ tabs }: { tabs: TabView[] }) {
  const { t } = useLayoutT();
  const location = useLocation();
  const current = location.pathname + location.search;
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const [menu, setMenu] = useState<{ tab: TabView; x: number; y: number; trigger: HTMLElement | null } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const here = location.pathname.toLowerCase();
  // Sub-pages of a resource page (…/12/edit) are shown in their page's tab (tabs.server visit()).
  const currentTab = tabs.find((tab) => tab.path.toLowerCase() === here) ?? tabs.find((tab) => !tab.affix && here.startsWith(tab.path.toLowerCase() + "/"));
  const titleOf = (tab: TabView) => (tab.title ? t("menu:" + tab.title) : t("tabs.noName"));

  const act = (intent: Intent, path: string) => {
    const data = new FormData(formRef.current ?? undefined);
    data.delete("close");
    data.set("intent", intent);
    data.set("path", path);
    data.set("current", current);
    submit(data, { method: "post", action: "/tabs" });
  };

  return (
    <div className="h-[34px] border-b border-gray-200 bg-white shadow-[0_1px_3px_0_rgba(0,0,0,0.08)]" data-testid="tags-view">
      <Form ref={formRef} method="post" action="/tabs" className="flex h-full items-center" aria-label={t("tabs.label")}>
        <CsrfInput />
        <input type="hidden" name="current" value={current} />
        <input type="hidden" name="path" value={currentTab?.path ?? location.pathname} />
        <div className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto whitespace-nowrap px-2" role="list">
          {tabs.map((tab) => {
            const active = tab === currentTab;
            const title = titleOf(tab);
            return (
              <span
                key={tab.path}
                role="listitem"
                onContextMenu={(event) => {
                  event.preventDefault();
                  const box = event.currentTarget.getBoundingClientRect();
                  // The context-menu key reports (0, 0): place the menu under the tab then.
                  const keyboard = event.clientX === 0 && event.clientY === 0;
                  const x = keyboard ? box.left : event.clientX;
                  const y = keyboard ? box.bottom : event.clientY;
                  setMenu({ tab, x, y, trigger: event.currentTarget.querySelector("a") });
                }}
                data-testid="tab"
                data-path={tab.path}
                data-active={active ? "true" : undefined}
                className={cn(
                  "inline-flex h-[26px] shrink-0 items-center gap-1 border px-2 text-xs",
                  active ? "border-primary bg-primary text-white" : "border-gray-200 bg-white text-gray-600 hover:text-primary",
                )}
              >
                <Link to={tab.fullPath} className="inline-flex items-center gap-1" aria-current={active ? "page" : undefined}>
                  {active ? <span className="inline-block h-2 w-2 rounded-full bg-white" /> : null}
                  {title}
                </Link>
                {!tab.affix ? (
                  <button
                    type="submit"
                    name="close"
                    value={tab.path}
                    data-testid="tab-close"
                    aria-label={t("tabs.closeTab", { title })}
                    title={t("tabs.close")}
                    className={cn("rounded-full p-0.5", active ? "hover:bg-white/30" : "hover:bg-gray-300 hover:text-white")}
                  >
                    <Icon name="close" className="h-2.5 w-2.5" />
                  </button>
                ) : null}
              </span>
            );
          })}
        </div>
        <div className="flex shrink-0 items-center gap-1 border-l border-gray-200 px-2">
          <ToolbarButton intent="refresh" icon="refresh" label={t("tabs.refresh")} />
          <ToolbarButton intent="closeOthers" label={t("tabs.closeOthers")} />
          <ToolbarButton intent="closeAll" label={t("tabs.closeAll")} />
        </div>
      </Form>
      {menu ? (
        <Suspense fallback={null}>
          <TabMenu
            key={`${menu.tab.path}@${menu.x},${menu.y}`}
            x={menu.x}
            y={menu.y}
            testId="tab-context-menu"
            label={titleOf(menu.tab)}
            onClose={closeMenu}
            returnFocus={menu.trigger}
            items={menuItems(menu.tab).map((intent) => ({
              key: intent,
              label: t(`tabs.${intent}`),
              testId: `tab-menu-${intent}`,
              onSelect: () => act(intent, menu.tab.path),
            }))}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function menuItems(tab: TabView): Intent[] {
  return tab.affix ? ["refresh", "closeOthers", "closeAll"] : ["refresh", "close", "closeOthers", "closeAll"];
}

function ToolbarButton({ intent, label, icon }: { intent: Intent; label: string; icon?: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      data-testid={`tabs-${intent}`}
      title={label}
      aria-label={label}
      className="flex h-[24px] items-center gap-1 rounded px-1.5 text-xs text-gray-500 hover:bg-gray-100 hover:text-primary"
    >
      {icon ? <Icon name={icon} className="h-3.5 w-3.5" /> : <span>{label}</span>}
    </button>
  );
}
