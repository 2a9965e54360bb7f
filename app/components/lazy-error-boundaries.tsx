import { Suspense } from "react";
import { lazyErrorView } from "~/utils/lazy-view";

/**
 * The routes' ErrorBoundary exports, whose views load when an error is shown (~/utils/lazy-view lazyErrorView): the
 * root's general error card, and the console's guard pages (no permission, not found, the general error).
 */
const RootError = lazyErrorView(() => import("./error-boundary").then((m) => m.RootErrorView));
const GuardError = lazyErrorView(() => import("./layout/error-pages").then((m) => m.GuardErrorBoundary));

export function RootErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RootError />
    </Suspense>
  );
}

export function GuardErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <GuardError />
    </Suspense>
  );
}
