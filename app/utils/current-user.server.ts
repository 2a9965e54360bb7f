import { Endpoints, userInfoSchema } from "@contract/api";
import { getLocale } from "./i18n.server";
import { requireUser, type SessionUser } from "./session.server";
import { isUpstreamError, upstream } from "./upstream.server";

/**
 * The session user with the user info re-read from the upstream (`GET token/info`) on every request,
 * so that a changed optionalFunction, role binding or kindergarten takes effect at the user's next
 * request, and a token revoked upstream ends the session at once (401 → login, section 8).
 *
 * One document request runs several loaders at once (root, layout, section, page), each with its own
 * Request object, so the call is shared per token and language (the info names the kindergarten and
 * group in the reader's language) while it is in flight and for a short moment after.
 * When the upstream cannot be reached, the cookie's info (from the last login or switch) stands in:
 * the page's own upstream calls then show the error (section 8 messages).
 */
const SHARE_MS = 250;
const shared = new Map<string, { at: number; info: Promise<SessionUser["info"]> }>();

export async function requireCurrentUser(request: Request, redirectTo?: string): Promise<SessionUser> {
  const user = await requireUser(request, redirectTo);
  const now = Date.now();
  const key = `${user.token}|${await getLocale(request)}`;
  let entry = shared.get(key);
  if (!entry || now - entry.at > SHARE_MS) {
    entry = { at: now, info: upstream(request).get(Endpoints.info, { schema: userInfoSchema }) };
    shared.set(key, entry);
    // Keep the map small: drop what is past its moment.
    for (const [k, e] of shared) if (now - e.at > SHARE_MS) shared.delete(k);
    entry.info.catch(() => shared.delete(key));
  }
  try {
    return { token: user.token, info: await entry.info };
  } catch (error) {
    if (isUpstreamError(error)) return user;
    throw error; // redirect Responses (401 → login) and programming errors
  }
}
