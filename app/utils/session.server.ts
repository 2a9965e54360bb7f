import crypto from "node:crypto";
import { createCookie, createCookieSessionStorage, redirect, type Cookie, type CookieOptions, type Session, type SessionStorage } from "@remix-run/node";
import { tokenReplySchema, userInfoSchema, type TokenReply, type UserInfo } from "@contract/api";
import { getEnv } from "./env.server";
import { parse as parseCookieHeader, serialize as serializeCookie } from "cookie";
import { pageSearch } from "./page-search";

/**
 * The console session: an encrypted (AES-256-GCM), httpOnly, SameSite=Lax cookie holding
 * `{ token, info }` (section 3 session user info). Encrypted rather than only signed, so the upstream
 * token and the user's details cannot be read by whoever sees the cookie; kept in the cookie (not in a
 * server-side store) so the console stays stateless and any number of its processes share sessions.
 * `secure` is set per response when the request came over https.
 */
export const SESSION_COOKIE_NAME = "kg_session";

export interface SessionUser {
  token: string;
  info: UserInfo;
}

/**
 * SESSION_SECRET as a rotation list: `new,old,…` (comma-separated). The first secret encrypts and signs;
 * every one of them still opens cookies made before a rotation.
 */
export function sessionSecrets(): string[] {
  const secrets = getEnv()
    .SESSION_SECRET.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return secrets.length ? secrets : [getEnv().SESSION_SECRET];
}

const SEALED = "v1.";
const keyCache = new Map<string, Buffer>();
/** A 256-bit key per secret (HKDF-SHA256), so the secret itself never meets the cipher. */
function keyOf(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "kg_session", "aes-256-gcm", 32));
    keyCache.set(secret, key);
  }
  return key;
}

/** JSON → `v1.` + base64url(iv | tag | ciphertext), encrypted with the first secret. */
export function seal(value: unknown, secrets: string[]): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(secrets[0]), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/**
 * Recently opened cookies, sealed text → plain JSON: the loaders of one page each open the same cookie, and a decipher
 * costs more than the rest of reading it. Only text that opened (its tag checked) is kept; each read parses afresh.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 1000;

/** The value of a sealed string, or null when no secret opens it (tampered, foreign or outdated). */
export function unseal(sealed: unknown, secrets: string[]): unknown {
  if (typeof sealed !== "string" || !sealed.startsWith(SEALED)) return null;
  const key = `${secrets.join(",")}|${sealed}`;
  const known = opened.get(key);
  const plain = known ?? openSealed(sealed, secrets);
  if (plain === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    return null; // a sealed value is always JSON; anything else is no session
  }
  if (known === undefined) {
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(key, plain);
  }
  return value;
}

function openSealed(sealed: string, secrets: string[]): string | null {
  const raw = Buffer.from(sealed.slice(SEALED.length), "base64url");
  if (raw.length < 29) return null;
  for (const secret of secrets) {
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(secret), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // not this secret: try the next one
    }
  }
  return null;
}

/**
 * A Remix Cookie whose value is sealed; a cookie that does not open reads as absent (logged out).
 * The sealed text is already cookie-safe (base64url), so it is written as it is: Remix's own value encoding (base64 of
 * JSON, decoded a character at a time) cost about 0.7 ms of every request. Cookies written in that older form still open.
 */
export function encryptedCookie(name: string, options: CookieOptions, secrets: string[]): Cookie {
  const plain = createCookie(name, { ...options, secrets: [] });
  const defaults: CookieOptions = { path: "/", sameSite: "lax", ...options };
  return {
    name,
    isSigned: true, // authenticated by the cipher's tag
    get expires() {
      return plain.expires;
    },
    async parse(header, parseOptions) {
      if (!header) return null;
      const cookies = parseCookieHeader(header, parseOptions);
      if (!(name in cookies)) return null;
      const value = cookies[name];
      if (value === "") return "";
      if (value.startsWith(SEALED)) return unseal(value, secrets);
      const legacy: unknown = await plain.parse(header, parseOptions);
      return legacy === null || legacy === "" ? legacy : unseal(legacy, secrets);
    },
    async serialize(value, serializeOptions) {
      return serializeCookie(name, value === "" ? "" : seal(value, secrets), { ...defaults, ...serializeOptions });
    },
  };
}

let storage: SessionStorage | null = null;
export function getSessionStorage(): SessionStorage {
  if (storage) return storage;
  storage = createCookieSessionStorage({
    cookie: encryptedCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: "lax", path: "/" }, sessionSecrets()),
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

/**
 * Users read from sealed session cookies: every loader of a page (and each of its API clients) asks for the user,
 * and opening, parsing and checking the same cookie again cost more than the rest of it. Frozen, as they are shared.
 */
const usersBySealed = new Map<string, SessionUser | null>();
const USERS_MAX = 1000;

/** The logged-in user, or null (also null when the cookie holds something that no longer parses). */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const header = request.headers.get("Cookie");
  const sealed = header ? parseCookieHeader(header)[SESSION_COOKIE_NAME] : undefined;
  const key = sealed?.startsWith(SEALED) ? `${sessionSecrets().join(",")}|${sealed}` : null;
  if (key && usersBySealed.has(key)) return usersBySealed.get(key)!;
  const user = await readUser(request);
  if (key) {
    if (usersBySealed.size >= USERS_MAX) usersBySealed.delete(usersBySealed.keys().next().value!);
    usersBySealed.set(key, user);
  }
  return user;
}

async function readUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const token = session.get("token");
  const info = userInfoSchema.safeParse(session.get("info"));
  if (typeof token !== "string" || !token || !info.success) return null;
  Object.freeze(info.data.roles);
  return Object.freeze({ token, info: Object.freeze(info.data) });
}

/** Path + search of the request, as used in `?redirect=` (Remix's own parameters dropped). */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + pageSearch(url.search);
}

/** The user, or a redirect to `/login?redirect=<path+search>` (section 4; the path worked out only then). */
export async function requireUser(request: Request, redirectTo?: string): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  throw redirect(loginPath(redirectTo ?? currentPath(request)));
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
