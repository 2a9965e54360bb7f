import { createCookie, type Cookie } from "@remix-run/node";
import { hasPermission } from "@contract/permissions";
import { ALL_PAGES } from "@contract/route-tree";
import { getEnv } from "./env.server";
import { pageForPath, subjectOf } from "./permissions.server";
import { isHttps, type SessionUser } from "./session.server";
import { pageSearch } from "./page-search";

/**
 * Visited-page tabs (vue-element-admin tagsView), kept on the server side in a signed cookie
 * `kg_tabs`, so they survive reloads and work without JavaScript.
 *  - visiting a permitted page adds a tab when its path is not open (and to the cached list unless noCache);
 *  - Home (affix) is always there and cannot be closed;
 *  - close / close others (keeps affixed + the chosen one) / close all (keeps affixed, empties the cache);
 *  - at most MAX_TABS tabs: the oldest non-affixed tab goes first.
 * The cookie stores only paths; titles, affix and noCache come from the route tree at read time, and
 * tabs the current user may not open (after a role or kindergarten switch) are dropped.
 */
export const TABS_COOKIE_NAME = "kg_tabs";
export const MAX_TABS = 20;

export interface Tab {
  /** pathname, the tab's identity */
  path: string;
  /** pathname + search, where the tab leads */
  fullPath: string;
  /** key in the `menu` namespace; "" when the page has no title ("no-name") */
  title: string;
  affix: boolean;
}
export interface TabsState {
  uid: number | null;
  visited: Tab[];
  /** paths of cached views (not noCache) */
  cached: string[];
}
interface Stored {
  u: number | null;
  v: Array<[string, string]>; // [path, search]
  c: string[];
}

let cookie: Cookie | null = null;
function tabsCookie(): Cookie {
  if (cookie) return cookie;
  cookie = createCookie(TABS_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [getEnv().SESSION_SECRET],
  });
  return cookie;
}

function affixTabs(user: SessionUser): Tab[] {
  return ALL_PAGES.filter((p) => p.meta.affix && hasPermission(subjectOf(user), p.meta)).map((p) => ({
    path: p.path,
    fullPath: p.path,
    title: p.meta.title,
    affix: true,
  }));
}

function tabFor(user: SessionUser, path: string, search: string): Tab | null {
  const page = pageForPath(path);
  if (!page || !hasPermission(subjectOf(user), page.meta)) return null;
  return { path, fullPath: path + (search || ""), title: page.meta.title ?? "", affix: Boolean(page.meta.affix) };
}

const isNoCache = (path: string) => Boolean(pageForPath(path)?.meta.noCache);

/** The user's tabs: affixed first, then visited ones the user may still open. */
export async function readTabs(request: Request, user: SessionUser): Promise<TabsState> {
  let stored: Stored | null = null;
  try {
    stored = (await tabsCookie().parse(request.headers.get("Cookie"))) as Stored | null;
  } catch {
    stored = null;
  }
  const affix = affixTabs(user);
  const state: TabsState = { uid: user.info.userId, visited: [...affix], cached: [] };
  if (!stored || stored.u !== user.info.userId || !Array.isArray(stored.v)) return state;
  for (const entry of stored.v) {
    if (!Array.isArray(entry) || typeof entry[0] !== "string") continue;
    const [path, search] = entry;
    const existing = state.visited.find((t) => t.path === path);
    if (existing) {
      existing.fullPath = path + (typeof search === "string" ? search : "");
      continue;
    }
    const tab = tabFor(user, path, typeof search === "string" ? search : "");
    if (tab) state.visited.push(tab);
  }
  const open = new Set(state.visited.map((t) => t.path));
  state.cached = (Array.isArray(stored.c) ? stored.c : []).filter((p) => typeof p === "string" && open.has(p));
  return state;
}

export async function serializeTabs(request: Request, state: TabsState): Promise<string> {
  const stored: Stored = {
    u: state.uid,
    v: state.visited.map((t) => [t.path, t.fullPath.slice(t.path.length)]),
    c: state.cached,
  };
  return tabsCookie().serialize(stored, { secure: isHttps(request) });
}

const fingerprint = (s: TabsState) => JSON.stringify([s.visited.map((t) => t.fullPath), s.cached]);

/**
 * addView of tagsView: adds (or updates the query of) the tab of a visited URL. Unknown and
 * forbidden paths are not added. Answers whether the state changed.
 */
export function visit(state: TabsState, user: SessionUser, url: URL): boolean {
  const before = fingerprint(state);
  const visited = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  // Sub-pages of a resource page (/kindergarten/class/12/edit) share their page's tab, which leads back to them.
  const owner = pageForPath(visited);
  const path = owner && owner.path !== visited && visited.startsWith(owner.path + "/") ? owner.path : visited;
  const qs = (visited === path ? "" : visited.slice(path.length)) + pageSearch(url.search);
  const existing = state.visited.find((t) => t.path === path);
  if (existing) existing.fullPath = path + qs;
  else {
    const tab = tabFor(user, path, qs);
    if (!tab) return false;
    state.visited.push(tab);
    capTabs(state);
  }
  if (!isNoCache(path) && !state.cached.includes(path) && state.visited.some((t) => t.path === path)) state.cached.push(path);
  return fingerprint(state) !== before;
}

function capTabs(state: TabsState) {
  while (state.visited.length > MAX_TABS) {
    const i = state.visited.findIndex((t) => !t.affix);
    if (i < 0) break;
    const [gone] = state.visited.splice(i, 1);
    state.cached = state.cached.filter((p) => p !== gone!.path);
  }
}

/** delView: removes a (non-affixed) tab and its cache entry. */
export function closeTab(state: TabsState, path: string) {
  state.visited = state.visited.filter((t) => t.affix || t.path !== path);
  state.cached = state.cached.filter((p) => p !== path || state.visited.some((t) => t.path === p && t.affix));
}

/** delOthersViews: keeps affixed tabs and the chosen one. */
export function closeOthers(state: TabsState, path: string) {
  state.visited = state.visited.filter((t) => t.affix || t.path === path);
  state.cached = state.cached.filter((p) => p === path);
}

/** delAllViews: keeps affixed tabs, empties the cache. */
export function closeAll(state: TabsState) {
  state.visited = state.visited.filter((t) => t.affix);
  state.cached = [];
}

/** delCachedView (before a refresh). */
export function uncache(state: TabsState, path: string) {
  state.cached = state.cached.filter((p) => p !== path);
}
