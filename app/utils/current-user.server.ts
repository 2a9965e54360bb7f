import { Endpoints, userInfoSchema } from "@contract/api";
import { getLocale } from "./i18n.server";
import { requireUser, type SessionUser } from "./session.server";
import { isUpstreamError, upstream } from "./upstream.server";

/**
 * The session user with the user info re-read from the upstream (`GET token/info`), so that a changed
 * optionalFunction, role binding or kindergarten takes effect within a few seconds, and a token revoked upstream
 * ends the session promptly (401 → login, section 8).
 *
 * The reply is kept per token and language (the info names the kindergarten and group in the reader's language)
 * for USER_INFO_TTL_MS: the loaders of one document request (root, layout, section, page, each with its own
 * Request) and the user's next clicks share one `token/info` round trip instead of one each (issue "Speed").
 * The copy is dropped explicitly when it is known to be stale: `forgetUserInfo(token)` on logout, role and
 * kindergarten switch (the old token is revoked) and password change; a write (any non-GET request) reads the
 * info afresh and drops the token's copies, so an action's permission check never uses a copy and the loaders
 * that revalidate after it see what it changed.
 * When the upstream cannot be reached, the cookie's info (from the last login or switch) stands in:
 * the page's own upstream calls then show the error (section 8 messages). Failures are never kept.
 */
export const USER_INFO_TTL_MS = 3000;
const cache = new Map<string, { at: number; info: Promise<SessionUser["info"]>; phone?: string }>();
let lastSweep = 0;

const keyOf = (token: string, lang: string) => `${token}|${lang}`;

/** Drops every kept copy of this token's user info (all languages). */
export function forgetUserInfo(token: string | null | undefined) {
  if (!token) return;
  for (const k of cache.keys()) if (k.startsWith(`${token}|`)) cache.delete(k);
}

/** Drops every kept copy of the user info of this phone's account (a password change revokes all its tokens). */
export function forgetUserInfoOfPhone(phone: string | null | undefined) {
  if (!phone) return;
  for (const [k, e] of cache) if (e.phone === phone) cache.delete(k);
}

/** Tests: how many copies are kept; and a clean slate. */
export const userInfoCacheSize = () => cache.size;
export const clearUserInfoCache = () => cache.clear();

export async function requireCurrentUser(request: Request, redirectTo?: string): Promise<SessionUser> {
  const user = await requireUser(request, redirectTo);
  const now = Date.now();
  const key = keyOf(user.token, await getLocale(request));
  const write = request.method !== "GET" && request.method !== "HEAD";
  // A write may change the user's own info (a kindergarten's optional functions, her own record): her kept
  // copies go, and this read is not kept, so the loaders that run after the action read afresh.
  if (write) forgetUserInfo(user.token);
  let entry = write ? undefined : cache.get(key);
  if (!entry || now - entry.at > USER_INFO_TTL_MS) {
    const fresh: { at: number; info: Promise<SessionUser["info"]>; phone?: string } = {
      at: now,
      info: upstream(request).get(Endpoints.info, { schema: userInfoSchema }),
    };
    entry = fresh;
    if (!write) cache.set(key, fresh);
    fresh.info.then(
      (info) => void (fresh.phone = info.phone),
      () => {
        if (cache.get(key) === fresh) cache.delete(key);
      },
    );
    // Keep the map small: at most once per lifetime, drop what is past it.
    if (now - lastSweep > USER_INFO_TTL_MS) {
      lastSweep = now;
      for (const [k, e] of cache) if (now - e.at > USER_INFO_TTL_MS) cache.delete(k);
    }
  }
  try {
    return { token: user.token, info: await entry.info };
  } catch (error) {
    if (isUpstreamError(error)) return user;
    throw error; // redirect Responses (401 → login) and programming errors
  }
}
