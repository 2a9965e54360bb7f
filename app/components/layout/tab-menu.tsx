import * as Menu from "@radix-ui/react-dropdown-menu";

export interface TabMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  testId?: string;
}

/**
 * The tabs' right-click menu: Radix's menu (roving focus, arrow keys, Home/End, typeahead, Escape, a click outside),
 * opened at the pointer. Loaded on the first right-click (React.lazy in tags-view.tsx), so it costs nothing before.
 * Radix's ContextMenu opens only from its own trigger's event, which a menu loaded on that event has missed: the
 * same menu primitive (DropdownMenu), held open and anchored to a point, does the work.
 */
export default function TabMenu(props: {
  x: number;
  y: number;
  label: string;
  items: TabMenuItem[];
  onClose: () => void;
  returnFocus: HTMLElement | null;
  testId?: string;
}) {
  return (
    <Menu.Root open modal={false} onOpenChange={(open) => (open ? null : props.onClose())}>
      <Menu.Trigger asChild>
        <span aria-hidden="true" tabIndex={-1} style={{ position: "fixed", left: props.x, top: props.y, width: 0, height: 0 }} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          aria-label={props.label}
          data-testid={props.testId}
          align="start"
          sideOffset={2}
          collisionPadding={8}
          // Focus goes back to the tab's link (the anchor point is no place for it).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.returnFocus?.focus();
          }}
          className="z-[3000] min-w-[8rem] rounded bg-white py-1 text-xs text-gray-700 shadow-lg ring-1 ring-black/5"
        >
          {props.items.map((item) => (
            <Menu.Item
              key={item.key}
              data-testid={item.testId}
              onSelect={item.onSelect}
              className="block w-full cursor-pointer px-4 py-1.5 text-left outline-none data-[highlighted]:bg-gray-100"
            >
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
