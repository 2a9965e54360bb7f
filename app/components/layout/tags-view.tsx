import * as ContextMenu from "@radix-ui/react-context-menu";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useRef } from "react";
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
  const here = location.pathname.toLowerCase();
  // Sub-pages of a resource page (…/12/edit) are shown in their page's tab (tabs.server visit()).
  const currentTab =
    tabs.find((tab) => tab.path.toLowerCase() === here) ?? tabs.find((tab) => !tab.affix && here.startsWith(tab.path.toLowerCase() + "/"));
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
              <ContextMenu.Root key={tab.path}>
                <ContextMenu.Trigger asChild>
                  <span
                    role="listitem"
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
                </ContextMenu.Trigger>
                <ContextMenu.Portal>
                  <ContextMenu.Content
                    data-testid="tab-context-menu"
                    className="z-[3000] min-w-[8rem] rounded bg-white py-1 text-xs text-gray-700 shadow-lg ring-1 ring-black/5"
                  >
                    <MenuItem onSelect={() => act("refresh", tab.path)} label={t("tabs.refresh")} intent="refresh" />
                    {!tab.affix ? <MenuItem onSelect={() => act("close", tab.path)} label={t("tabs.close")} intent="close" /> : null}
                    <MenuItem onSelect={() => act("closeOthers", tab.path)} label={t("tabs.closeOthers")} intent="closeOthers" />
                    <MenuItem onSelect={() => act("closeAll", tab.path)} label={t("tabs.closeAll")} intent="closeAll" />
                  </ContextMenu.Content>
                </ContextMenu.Portal>
              </ContextMenu.Root>
            );
          })}
        </div>
        <div className="flex shrink-0 items-center gap-1 border-l border-gray-200 px-2">
          <ToolbarButton intent="refresh" icon="refresh" label={t("tabs.refresh")} />
          <ToolbarButton intent="closeOthers" label={t("tabs.closeOthers")} />
          <ToolbarButton intent="closeAll" label={t("tabs.closeAll")} />
        </div>
      </Form>
    </div>
  );
}

function MenuItem({ onSelect, label, intent }: { onSelect: () => void; label: string; intent: Intent }) {
  return (
    <ContextMenu.Item
      onSelect={onSelect}
      data-testid={`tab-menu-${intent}`}
      className="cursor-pointer px-4 py-1.5 outline-none data-[highlighted]:bg-gray-100"
    >
      {label}
    </ContextMenu.Item>
  );
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
