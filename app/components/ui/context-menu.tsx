import { useEffect, useRef, type ReactNode } from "react";

export interface ContextMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  testId?: string;
}

/**
 * A right-click menu at a point (replaces Radix's ContextMenu, ~30 KB gzipped with its popper, for four buttons).
 * Keyboard: it opens on the element's context-menu key or Shift+F10 as well, focuses its first item, moves with the
 * arrow keys, Home and End, closes on Escape, Tab, a click outside or a choice, and gives focus back to `returnFocus`.
 */
export function ContextMenu(props: {
  x: number;
  y: number;
  items: ContextMenuItem[];
  onClose: () => void;
  returnFocus?: HTMLElement | null;
  testId?: string;
  label?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { onClose, returnFocus } = props;

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener("pointerdown", outside, true);
    window.addEventListener("resize", onClose);
    window.addEventListener("scroll", onClose, true);
    return () => {
      document.removeEventListener("pointerdown", outside, true);
      window.removeEventListener("resize", onClose);
      window.removeEventListener("scroll", onClose, true);
    };
  }, [onClose]);

  const close = () => {
    onClose();
    returnFocus?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(items.length - 1);
    else if (event.key === "Escape" || event.key === "Tab") close();
    else return;
    event.preventDefault();
  };

  // Keep the menu inside the window.
  const left = typeof window === "undefined" ? props.x : Math.min(props.x, window.innerWidth - 140);
  const top = typeof window === "undefined" ? props.y : Math.min(props.y, window.innerHeight - 40 * props.items.length);
  return (
    <div
      ref={ref}
      role="menu"
      aria-label={props.label}
      data-testid={props.testId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{ left, top }}
      className="fixed z-[3000] min-w-[8rem] rounded bg-white py-1 text-xs text-gray-700 shadow-lg ring-1 ring-black/5"
    >
      {props.items.map((item) => (
        <MenuButton
          key={item.key}
          testId={item.testId}
          onSelect={() => {
            close();
            item.onSelect();
          }}
        >
          {item.label}
        </MenuButton>
      ))}
    </div>
  );
}

function MenuButton({ children, onSelect, testId }: { children: ReactNode; onSelect: () => void; testId?: string }) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      data-testid={testId}
      onClick={onSelect}
      className="block w-full cursor-pointer px-4 py-1.5 text-left outline-none hover:bg-gray-100 focus:bg-gray-100"
    >
      {children}
    </button>
  );
}
