import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { PageRoute } from "@contract/route-tree";
import { requireCsrf } from "./csrf.server";
import { getT } from "./i18n.server";
import { loaderData } from "./loader-data.server";
import { linkOf, requirePage, requireSection } from "./permissions.server";
import type { SessionUser } from "./session.server";

/**
 * The page guards behind `pageLoader` / `pageAction` of ~/utils/page (use those in route modules:
 * a top-level call of a .server function would run in the browser bundle too).
 * The route-tree check (requirePage) runs before any data is read, in the loader and again in every
 * action (an action also checks CSRF). The body of `request` is still readable in `fn`.
 */
export type PageArgs<A extends LoaderFunctionArgs | ActionFunctionArgs> = A & { user: SessionUser; page: PageRoute };

/** Data every page loader answers besides its own: the translated title for the document title. */
export interface PageBase {
  title: string;
  titleKey: string;
}

async function baseOf(request: Request, page: PageRoute): Promise<PageBase> {
  const t = await getT(request, "menu");
  return { title: t(page.meta.title, { ns: "menu" }), titleKey: page.meta.title };
}

export async function guardLoader<T extends Record<string, unknown> = Record<string, never>>(
  args: LoaderFunctionArgs,
  fn?: (args: PageArgs<LoaderFunctionArgs>) => Promise<T> | T,
) {
  const { user, page } = await requirePage(args.request);
  const data = fn ? await fn({ ...args, user, page }) : ({} as T);
  return loaderData({ ...(await baseOf(args.request, page)), ...data });
}

export async function guardAction<T>(args: ActionFunctionArgs, fn?: (args: PageArgs<ActionFunctionArgs>) => Promise<T> | T) {
  const { user, page } = await requirePage(args.request);
  await requireCsrf(args.request);
  if (!fn) throw json({ reason: "notBuilt" }, { status: 405, statusText: "Method Not Allowed" });
  return fn({ ...args, user, page });
}

/** A placeholder page (content comes in a later issue): title, what it will hold, its link if external. */
export const placeholderLoader = (args: LoaderFunctionArgs) =>
  guardLoader(args, ({ page }) => ({
    descKey: "pages." + page.meta.title.replace(/^title\./, ""),
    externalUrl: page.externalUrl ? linkOf(page) : null,
  }));
export const placeholderAction = (args: ActionFunctionArgs) => guardAction(args);

/** The section layout loader: the section must be permitted before any of its pages runs. */
export async function sectionLoader({ request }: LoaderFunctionArgs) {
  await requireSection(request);
  return loaderData(null);
}
