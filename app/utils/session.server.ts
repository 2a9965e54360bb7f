import { createCookieSessionStorage, redirect, type Session, type SessionStorage } from "@remix-run/node";
import { tokenReplySchema, userInfoSchema, type TokenReply, type UserInfo } from "@contract/api";
import { getEnv } from "./env.server";

/**
 * The console session: a signed, httpOnly, SameSite=Lax cookie holding `{ token, info }`
 * (section 3 session user info). `secure` is set per response when the request came over https.
 */
export const SESSION_COOKIE_NAME = "kg_session";

export interface SessionUser {
  token: string;
  info: UserInfo;
}

let storage: SessionStorage | null = null;
export function getSessionStorage(): SessionStorage {
  if (storage) return storage;
  storage = createCookieSessionStorage({
    cookie: {
      name: SESSION_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: [getEnv().SESSION_SECRET],
    },
  });
  return storage;
}

/** True when the browser talks https to us (directly or through a proxy). */
export function isHttps(request: Request): boolean {
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (proto) return proto === "https";
  return new URL(request.url).protocol === "https:";
}

export async function getSession(request: Request): Promise<Session> {
  return getSessionStorage().getSession(request.headers.get("Cookie"));
}

/** Set-Cookie value for a changed session (other modules may keep their own keys in it). */
export async function commitSession(request: Request, session: Session): Promise<string> {
  return getSessionStorage().commitSession(session, { secure: isHttps(request) });
}

/** The logged-in user, or null (also null when the cookie holds something that no longer parses). */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const token = session.get("token");
  const info = userInfoSchema.safeParse(session.get("info"));
  if (typeof token !== "string" || !token || !info.success) return null;
  return { token, info: info.data };
}

/** Path + search of the request, as used in `?redirect=` (Remix's `_data`/`index` params dropped). */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  const search = new URLSearchParams(url.search);
  search.delete("_data");
  search.delete("index");
  const qs = search.toString();
  return url.pathname + (qs ? `?${qs}` : "");
}

/** The user, or a redirect to `/login?redirect=<path+search>` (section 4). */
export async function requireUser(request: Request, redirectTo = currentPath(request)): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  throw redirect(loginPath(redirectTo));
}

/** `/login?redirect=…` (or `/admission/wx/login?redirect=…&kindergartenId=…` for applicants, role 13). */
export function loginPath(redirectTo?: string | null, opts: { roleId?: number; kindergartenId?: number | null } = {}) {
  const params = new URLSearchParams();
  if (redirectTo && redirectTo !== "/" && !redirectTo.startsWith("/login")) params.set("redirect", redirectTo);
  if (opts.roleId === 13) {
    if (opts.kindergartenId != null) params.set("kindergartenId", String(opts.kindergartenId));
    const qs = params.toString();
    return `/admission/wx/login${qs ? `?${qs}` : ""}`;
  }
  const qs = params.toString();
  return `/login${qs ? `?${qs}` : ""}`;
}

/** Stores a token reply (login, role/kindergarten switch, WeChat login); answers the headers to send. */
export async function commitUser(request: Request, reply: TokenReply): Promise<Headers> {
  const parsed = tokenReplySchema.parse(reply);
  const { token, ...info } = parsed;
  const session = await getSession(request);
  session.set("token", token);
  session.set("info", userInfoSchema.parse(info));
  return new Headers({ "Set-Cookie": await commitSession(request, session) });
}

/** Clears the session (token, info and anything else kept in it); answers the headers to send. */
export async function destroyUser(request: Request): Promise<Headers> {
  const session = await getSession(request);
  return new Headers({
    "Set-Cookie": await getSessionStorage().destroySession(session, { secure: isHttps(request) }),
  });
}
