import { useNavigate } from "@remix-run/react";
import { createContext, forwardRef, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";

/**
 * A link to a page of the console by its absolute path (`/section/page?query`), for lists that draw dozens of them.
 * Remix's <Link> resolves its path against the route tree and sets up prefetching and its own click handler per link,
 * on every server render (a tenth of a users-list document's CPU for its 75 links); this one is the anchor Remix's
 * <Link> renders (`href` and `data-discover`, which lets Remix learn the target's route ahead of the click) and, in
 * the browser, one click handler shared by all (InAppNavigation, in the root) that navigates inside the app as Remix's
 * <Link> does: a plain left click on a same-origin link without `target` or `download`, after the link's own
 * `onClick` unless that prevented it; a link to the current address replaces it in the history. Without JavaScript it
 * is the same anchor. Not for relative paths (the browser would resolve them against the address, not the route),
 * files or other sites: Remix's <Link> (or a plain anchor) for those.
 */
type ClickHandler = (event: MouseEvent<HTMLAnchorElement>) => void;
const NavigateOnClick = createContext<ClickHandler | null>(null);

type Click = Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey"> & {
  currentTarget: Pick<HTMLAnchorElement, "target" | "origin" | "pathname" | "search" | "hash" | "hasAttribute">;
};
type Here = Pick<Location, "origin" | "pathname" | "search" | "hash">;

/** Where a click on a link navigates inside the app (as Remix's <Link> decides it), or null: left to the browser. */
export function inAppClick(e: Click, here: Here): { to: string; replace: boolean } | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return null;
  const a = e.currentTarget;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download") || a.origin !== here.origin) return null;
  const to = a.pathname + a.search + a.hash;
  return { to, replace: to === here.pathname + here.search + here.hash };
}

/** The click handler the links below share (rendered once, in the root, inside Remix's router). */
export function InAppNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = useCallback<ClickHandler>(
    (e) => {
      const target = inAppClick(e, window.location);
      if (!target) return;
      e.preventDefault();
      navigate(target.to, { replace: target.replace });
    },
    [navigate],
  );
  return <NavigateOnClick.Provider value={onClick}>{children}</NavigateOnClick.Provider>;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute path of the console: `/…`, with its query string. */
  to: string;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, onClick, children, ...props }, ref) {
  const navigateOnClick = useContext(NavigateOnClick);
  const handle =
    navigateOnClick && onClick
      ? (e: MouseEvent<HTMLAnchorElement>) => {
          onClick(e);
          navigateOnClick(e);
        }
      : (navigateOnClick ?? onClick);
  // The attributes in the order Remix's <Link> writes them.
  return (
    <a {...props} ref={ref} data-discover="true" href={to} onClick={handle}>
      {children}
    </a>
  );
});
