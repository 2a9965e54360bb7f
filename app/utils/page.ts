import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { guardAction, guardLoader, sectionLoader as sectionGuard, type PageArgs } from "./page.server";

/**
 * One-line page guards for route modules:
 *   export const loader = pageLoader(async ({ request, user, page }) => ({ rows: … }));
 *   export const action = pageAction(async ({ request, user, page }) => …);
 * (each call marked with a PURE comment, `@__PURE__`, so that the browser build drops it: tests/unit/route-modules.test.ts)
 * The route-tree check (requirePage: login, known page, roles/groups/kindergartens/flag rule) runs
 * before `fn`, in the loader and again in every action (actions also check CSRF). A refusal is a
 * 403 with the no-permission page and none of the page's data.
 *
 * These wrappers live outside *.server so that the top-level call is harmless in the browser
 * bundle (where the .server module is empty and the returned function is never called).
 */
export function pageLoader<T extends Record<string, unknown>>(fn?: (args: PageArgs<LoaderFunctionArgs>) => Promise<T> | T) {
  return (args: LoaderFunctionArgs) => guardLoader<T>(args, fn);
}

export function pageAction<T>(fn?: (args: PageArgs<ActionFunctionArgs>) => Promise<T> | T) {
  return (args: ActionFunctionArgs) => guardAction<T>(args, fn);
}

/** A section layout's loader (the section's route-tree check). Through here, not from page.server itself, so that the
 * browser build has one empty stand-in for page.server instead of one more small file on every page. */
export const sectionLoader = (args: LoaderFunctionArgs) => sectionGuard(args);
