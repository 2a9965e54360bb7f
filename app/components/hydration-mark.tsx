import { useEffect } from "react";

/**
 * Marks the document once React has hydrated it (tests wait for html[data-hydrated] before using JavaScript-only
 * behaviour). The console renders it inside its main area's Suspense boundary, which hydrates last when the page's
 * view is loaded lazily (~/utils/lazy-view); other pages at the root.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/** The route whose layout renders the mark itself. */
export const MARKS_HYDRATION = "routes/_console+/_layout";
