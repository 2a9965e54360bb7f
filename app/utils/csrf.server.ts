import crypto from "node:crypto";
import { createRequire } from "node:module";
import { createCookie, type Cookie } from "@remix-run/node";
import { BODY_LIMITS, MB } from "@contract/limits";
import { getT } from "./i18n.server";
import { setSecurityHeaders } from "./security-headers.server";
import { isHttps, sessionSecrets } from "./session.server";

/**
 * Double-submit CSRF protection: a random token lives in its own signed httpOnly cookie and is
 * repeated in every form as the hidden field `csrf` (see ~/components/csrf-input). Every action
 * calls `await requireCsrf(request)`, which also checks that Origin (or Referer) is this site and
 * reads the form within the body limits below. Login, logout and role/kindergarten switches issue a
 * new token (`rotateCsrfToken`), so a token seen before them is worthless afterwards.
 */
export const CSRF_FIELD = "csrf";
export const CSRF_COOKIE_NAME = "kg_csrf";

/**
 * Largest request bodies an action reads: the API's own defaults (contract/limits.ts) for url-encoded forms
 * (every form of the console) and multipart forms (spreadsheet imports). Larger posts answer 413 without
 * being kept in memory.
 */
export { BODY_LIMITS };

let cookie: Cookie | null = null;
function csrfCookie(): Cookie {
  if (cookie) return cookie;
  cookie = createCookie(CSRF_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: sessionSecrets(),
  });
  return cookie;
}

export class CsrfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsrfError";
  }
}

/** The body is larger than `limit` bytes (declared in Content-Length or counted while reading). */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

async function readCookieToken(request: Request): Promise<string | null> {
  const value = await csrfCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 16 ? value : null;
}

type Issued = { token: string; headers: Headers | null };

/**
 * The token for the forms of this response and, when it is new, the Set-Cookie header to send
 * (the root loader calls this once per document request).
 */
const issued = new WeakMap<Request, Promise<Issued>>();

export function getCsrfToken(request: Request): Promise<Issued> {
  // One token per request: loaders of the same document request (root and a page) agree on it.
  let pending = issued.get(request);
  if (!pending) {
    pending = issueCsrfToken(request);
    issued.set(request, pending);
  }
  return pending;
}

async function issueCsrfToken(request: Request): Promise<Issued> {
  const existing = await readCookieToken(request);
  if (existing) return { token: existing, headers: null };
  return newCsrfToken(request);
}

async function newCsrfToken(request: Request): Promise<{ token: string; headers: Headers }> {
  const token = crypto.randomBytes(24).toString("base64url");
  const setCookie = await csrfCookie().serialize(token, { secure: isHttps(request) });
  return { token, headers: new Headers({ "Set-Cookie": setCookie }) };
}

/** Set-Cookie of a fresh token: login, logout and switches call it, so an earlier token stops working. */
export async function rotateCsrfToken(request: Request): Promise<Headers> {
  return (await newCsrfToken(request)).headers;
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

function checkOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin === "null") throw new CsrfError("opaque origin");
  if (origin) {
    if (!sameHost(origin, request)) throw new CsrfError("cross-origin request");
    return;
  }
  const referer = request.headers.get("referer");
  if (referer && !sameHost(referer, request)) throw new CsrfError("cross-site referer");
}

/** The limit that applies to this request's body (multipart for file uploads, else a form). */
export function bodyLimitOf(request: Request): number {
  const type = request.headers.get("content-type") ?? "";
  return /^multipart\/form-data/i.test(type) ? BODY_LIMITS.multipart : BODY_LIMITS.form;
}

/**
 * The form of a copy of the request (the action can read the body again), counting bytes as they
 * arrive: a declared or streamed size over the limit throws BodyTooLargeError before it is buffered.
 */
export async function readFormWithin(request: Request, limit = bodyLimitOf(request)): Promise<FormData> {
  if (Number(request.headers.get("content-length")) > limit) throw new BodyTooLargeError(limit);
  const body = request.clone().body;
  const chunks: Uint8Array[] = [];
  if (body) {
    const reader = body.getReader();
    let size = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limit) {
        // Not awaited: cancelling one branch of a cloned body settles only once the other is cancelled too.
        reader.cancel().catch(() => {});
        throw new BodyTooLargeError(limit);
      }
      chunks.push(next.value);
    }
  }
  const type = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  return new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
}

/**
 * Throws CsrfError unless the request comes from this site and carries the cookie token in the form,
 * BodyTooLargeError when the form is over its limit. Pure check (no Response), used by requireCsrf and
 * by the unit tests.
 */
export async function checkCsrf(request: Request): Promise<void> {
  checkOrigin(request);
  const expected = await readCookieToken(request);
  if (!expected) throw new CsrfError("missing csrf cookie");
  let sent: FormDataEntryValue | null = null;
  try {
    sent = (await readFormWithin(request)).get(CSRF_FIELD);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    throw new CsrfError("unreadable form");
  }
  if (typeof sent !== "string" || sent.length !== expected.length) throw new CsrfError("bad csrf token");
  if (!crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) throw new CsrfError("bad csrf token");
}

/**
 * Streamed multipart forms (app/utils/upload.server.ts) cannot be read twice: the origin and cookie are checked and
 * the form's token compared as it arrives (it must come before any file). Throws CsrfError.
 */
export async function checkCsrfValue(request: Request, sent: string | null): Promise<void> {
  checkOrigin(request);
  const expected = await readCookieToken(request);
  if (!expected) throw new CsrfError("missing csrf cookie");
  if (typeof sent !== "string" || sent.length !== expected.length) throw new CsrfError("bad csrf token");
  if (!crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) throw new CsrfError("bad csrf token");
}

/**
 * Reads and drops what is left of a refused request's body, so the connection stays usable and the
 * browser sees our answer (closing with unread bytes resets it); nothing is kept in memory.
 */
function discardBody(request: Request): void {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  request.body.pipeTo(new WritableStream()).catch(() => {});
}

/** A short translated page (plain text): resource routes send it as is, pages show their error boundary. */
function refusal(request: Request, status: 403 | 413, message: string): Response {
  const headers = setSecurityHeaders(new Headers({ "Content-Type": "text/plain; charset=utf-8" }), request);
  return new Response(message, { status, statusText: status === 403 ? "Forbidden" : "Payload Too Large", headers });
}

/** Call first in every action: answers 403 when the CSRF check fails, 413 when the body is too large. */
export async function requireCsrf(request: Request): Promise<void> {
  try {
    await checkCsrf(request);
  } catch (error) {
    if (!(error instanceof CsrfError || error instanceof BodyTooLargeError)) throw error;
    discardBody(request);
    const t = await getT(request, "common");
    if (error instanceof BodyTooLargeError) {
      throw refusal(request, 413, t("errors.tooLarge", { limit: `${error.limit / MB} MB` }));
    }
    throw refusal(request, 403, t("errors.csrf"));
  }
}

/**
 * Remix answers a no-JavaScript form post whose Origin names another host with an empty 500 before any
 * route code runs (server-runtime's throwIfPotentialCSRFAttack). Every action starts with requireCsrf,
 * which refuses the same posts with a translated 403, so that earlier check is switched off here
 * (entry.server.tsx calls this once at start-up; tests/e2e/security.spec.ts proves the 403).
 */
export function answerForeignOriginsInActions(): void {
  const actions = createRequire(import.meta.url)("@remix-run/server-runtime/dist/actions.js") as {
    throwIfPotentialCSRFAttack?: unknown;
  };
  if (typeof actions.throwIfPotentialCSRFAttack !== "function") {
    console.warn("[csrf] @remix-run/server-runtime changed: foreign-origin posts may answer 500 instead of 403");
    return;
  }
  actions.throwIfPotentialCSRFAttack = () => {};
}
