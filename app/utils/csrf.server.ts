import crypto from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "./env.server";
import { isHttps } from "./session.server";

/**
 * Double-submit CSRF protection: a random token lives in its own signed httpOnly cookie and is
 * repeated in every form as the hidden field `csrf` (see ~/components/csrf-input). Every action
 * calls `await requireCsrf(request)`, which also checks that Origin (or Referer) is this site.
 */
export const CSRF_FIELD = "csrf";
export const CSRF_COOKIE_NAME = "kg_csrf";

let cookie: Cookie | null = null;
function csrfCookie(): Cookie {
  if (cookie) return cookie;
  cookie = createCookie(CSRF_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [getEnv().SESSION_SECRET],
  });
  return cookie;
}

export class CsrfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsrfError";
  }
}

async function readCookieToken(request: Request): Promise<string | null> {
  const value = await csrfCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 16 ? value : null;
}

/**
 * The token for the forms of this response and, when it is new, the Set-Cookie header to send
 * (the root loader calls this once per document request).
 */
const issued = new WeakMap<Request, Promise<{ token: string; headers: Headers | null }>>();

export function getCsrfToken(request: Request): Promise<{ token: string; headers: Headers | null }> {
  // One token per request: loaders of the same document request (root and a page) agree on it.
  let pending = issued.get(request);
  if (!pending) {
    pending = issueCsrfToken(request);
    issued.set(request, pending);
  }
  return pending;
}

async function issueCsrfToken(request: Request): Promise<{ token: string; headers: Headers | null }> {
  const existing = await readCookieToken(request);
  if (existing) return { token: existing, headers: null };
  const token = crypto.randomBytes(24).toString("base64url");
  const setCookie = await csrfCookie().serialize(token, { secure: isHttps(request) });
  return { token, headers: new Headers({ "Set-Cookie": setCookie }) };
}

function sameHost(a: string, request: Request): boolean {
  try {
    const origin = new URL(a);
    const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
    const own = host ?? new URL(request.url).host;
    return origin.host === own || origin.host === new URL(request.url).host;
  } catch {
    return false;
  }
}

/**
 * Throws CsrfError unless the request comes from this site and carries the cookie token in the form.
 * Pure check (no Response), used by requireCsrf and by the unit tests.
 */
export async function checkCsrf(request: Request): Promise<void> {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    if (!sameHost(origin, request)) throw new CsrfError("cross-origin request");
  } else if (origin === "null") {
    throw new CsrfError("opaque origin");
  } else {
    const referer = request.headers.get("referer");
    if (referer && !sameHost(referer, request)) throw new CsrfError("cross-site referer");
  }
  const expected = await readCookieToken(request);
  if (!expected) throw new CsrfError("missing csrf cookie");
  let sent: FormDataEntryValue | null = null;
  try {
    sent = (await request.clone().formData()).get(CSRF_FIELD);
  } catch {
    throw new CsrfError("unreadable form");
  }
  if (typeof sent !== "string" || sent.length !== expected.length) throw new CsrfError("bad csrf token");
  if (!crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) throw new CsrfError("bad csrf token");
}

/** Call first in every action: answers 403 when the CSRF check fails. The body stays readable. */
export async function requireCsrf(request: Request): Promise<void> {
  try {
    await checkCsrf(request);
  } catch (error) {
    if (error instanceof CsrfError) {
      throw new Response("Forbidden: the form has expired or did not come from this site. Reload the page and try again.", {
        status: 403,
        statusText: "Forbidden",
      });
    }
    throw error;
  }
}
