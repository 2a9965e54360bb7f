import type { ResourceView } from "@contract/resource-view";
import type { Item } from "~/resources/types";

/** Links shared by the list and the sub-pages (a module of its own, so a form page does not load the list). */

/** `?a=1&b=2` of a query object with changes applied (null removes). */
export function searchOf(query: Record<string, string>, changes: Record<string, string | number | null> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...changes })) if (v != null && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** A sub-page URL carrying the list's query back (`?back=…`). */
export function subHref(def: ResourceView, path: string, back: string): string {
  return `${def.page}/${path}${back ? `?back=${encodeURIComponent(back)}` : ""}`;
}

/** Whether the row allows `verb` (the server's per-row `actions`; nothing is offered without them). */
export const rowAllows = (item: Item, verb: string | undefined) => Boolean(verb && item.actions?.[verb]);
