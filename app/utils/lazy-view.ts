import { lazy, type ComponentType } from "react";

/**
 * One view of a route that serves several (a form, a detail page, an action's page), loaded only when shown, so
 * that a page's JavaScript is its own view's and not every view's.
 *
 * In the browser the view's chunk is fetched when it first renders: during hydration the server's HTML stays and is
 * hydrated once it arrives; on a navigation (a transition) the previous page stays until then. On the server the view
 * is loaded when the module is, so it renders at once: a view that suspended there would be streamed behind an
 * inline script that a browser without JavaScript never runs.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  if (typeof document === "undefined") void load().then((view) => (loaded = view));
  return lazy(() => {
    // A thenable that answers at once lets React render the view in the same pass (React.lazy reads it synchronously).
    const now = loaded;
    if (now) return { then: (ok: (m: { default: ComponentType<P> }) => void) => ok({ default: now }) } as Promise<{ default: ComponentType<P> }>;
    return load().then((view) => ({ default: view }));
  });
}

/**
 * A route's error view (what its ErrorBoundary shows), loaded as lazyView loads a view but only when an error is shown:
 * a page that renders never needs it. Not one of the page's views for the budget (scripts/lazy-views.ts counts
 * `lazyView` only): the error pages' own routes ($, 401, 404) import their views directly and are counted with them.
 */
export const lazyErrorView = lazyView;
