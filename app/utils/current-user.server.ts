import { Endpoints, userInfoSchema } from "@contract/api";
import { getLocale } from "./i18n.server";
import { requireUser, type SessionUser } from "./session.server";
import { isUpstreamError, upstream } from "./upstream.server";

/**
 * The session user with the user info re-read from the upstream (`GET token/info`) at every request, so that a
 * changed optionalFunction, role binding or kindergarten takes effect at the user's very next request, and a token
 * revoked upstream ends the session at once (401 → login, section 8).
 *
 * What is saved: the last reply is kept per token and language with its ETag, and each request revalidates it with
 * `If-None-Match` (a 304 without a body while nothing changed); the loaders of one document request (root, layout,
 * section, page, each with its own Request) share one revalidation in flight. A write (any non-GET request) makes
 * its own, so an action's permission check never joins a read that started before it. `forgetUserInfo(token)` on
 * logout, role and kindergarten switch and password change drops the kept copies.
 * When the upstream cannot be reached, the cookie's info (from the last login or switch) stands in: the page's own
 * upstream calls then show the error (section 8 messages). Failures are never kept.
 */
type Kept = { etag: string | null; info: SessionUser["info"]; at: number };
const kept = new Map<string, Kept>();
const inFlight = new Map<string, Promise<SessionUser["info"]>>();
/** Copies not used for this long are dropped (a sweep at most once per interval). */
const UNUSED_MS = 30 * 60 * 1000;
let lastSweep = 0;

const keyOf = (token: string, lang: string) => `${token}|${lang}`;

/** Drops every kept copy of this token's user info (all languages). */
export function forgetUserInfo(token: string | null | undefined) {
  if (!token) return;
  for (const k of kept.keys()) if (k.startsWith(`${token}|`)) kept.delete(k);
}

/** Drops every kept copy of the user info of this phone's account (a password change revokes all its tokens). */
export function forgetUserInfoOfPhone(phone: string | null | undefined) {
  if (!phone) return;
  for (const [k, e] of kept) if (e.info.phone === phone) kept.delete(k);
}

/** Tests: how many copies are kept; and a clean slate. */
export const userInfoCacheSize = () => kept.size;
export const clearUserInfoCache = () => {
  kept.clear();
  inFlight.clear();
};

/** One `token/info` exchange, conditional on the kept copy's ETag. */
async function revalidate(request: Request, key: string): Promise<SessionUser["info"]> {
  const copy = kept.get(key);
  try {
    const reply = await upstream(request).getIfChanged(Endpoints.info, { etag: copy?.etag, schema: userInfoSchema });
    const now = Date.now();
    if (reply.notModified && copy) {
      copy.at = now;
      return copy.info;
    }
    if (reply.notModified) throw new Error("token/info: 304 without a kept copy");
    kept.set(key, { etag: reply.etag, info: reply.data, at: now });
    return reply.data;
  } catch (error) {
    kept.delete(key);
    throw error;
  }
}

function sweep(now: number) {
  if (now - lastSweep < UNUSED_MS) return;
  lastSweep = now;
  for (const [k, e] of kept) if (now - e.at > UNUSED_MS) kept.delete(k);
}

export async function requireCurrentUser(request: Request, redirectTo?: string): Promise<SessionUser> {
  const user = await requireUser(request, redirectTo);
  const key = keyOf(user.token, await getLocale(request));
  const write = request.method !== "GET" && request.method !== "HEAD";
  let info = write ? undefined : inFlight.get(key);
  if (!info) {
    info = revalidate(request, key);
    if (!write) {
      const mine = info;
      inFlight.set(key, mine);
      void mine.then(
        () => inFlight.get(key) === mine && inFlight.delete(key),
        () => inFlight.get(key) === mine && inFlight.delete(key),
      );
    }
  }
  sweep(Date.now());
  try {
    return { token: user.token, info: await info };
  } catch (error) {
    if (isUpstreamError(error)) return user;
    throw error; // redirect Responses (401 → login) and programming errors
  }
}
