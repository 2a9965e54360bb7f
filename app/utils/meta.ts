import type { MetaFunction } from "@remix-run/node";

/**
 * Document title = page title + product title (section 2), in the current language.
 * The root loader returns `productTitle`; a page loader returns its translated `title`.
 *   export { meta } from "~/utils/meta";           // or: export const meta = pageMeta;
 */
export const joinTitle = (title: string | null | undefined, productTitle: string | null | undefined) => [title, productTitle].filter(Boolean).join(" - ");

type WithTitle = { title?: string | null } | undefined | null;
type RootData = { productTitle?: string } | undefined | null;

export const pageMeta: MetaFunction = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData;
  // The nearest route (this one or a parent) whose loader answered a title.
  let title = (data as WithTitle)?.title ?? null;
  if (!title) {
    for (let i = matches.length - 1; i >= 0; i--) {
      const t = (matches[i]?.data as WithTitle)?.title;
      if (t) {
        title = t;
        break;
      }
    }
  }
  return [{ title: joinTitle(title, root?.productTitle) || "Kindergarten" }];
};

export const meta = pageMeta;
