import type { Context, MiddlewareHandler } from "hono";
import type { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { aesDecrypt, ENCRYPTED_FIELD_NAME, type AesKeys } from "@contract/crypto";
import { MAX_INT } from "@contract/limits";
import { isNamespacedKey } from "@contract/resource";
import { t, hasKey, langFromHeader, type Lang } from "./i18n";
import { rt } from "./resources/i18n";

/** A failure that becomes `{code: status, msg: t(key), data}` with HTTP status `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    /** A message sent verbatim (e.g. "Need Reset Password"). */
    readonly raw?: string,
  ) {
    super(raw ?? key);
  }
}

export const badRequest = (key = "error.badRequest") => new ApiError(400, key);
export const unauthorized = () => new ApiError(401, "error.unauthorized");
export const forbidden = (key = "error.forbidden") => new ApiError(403, key);
export const notFound = (key = "error.notFound") => new ApiError(404, key);
export const conflict = (key = "error.conflict") => new ApiError(409, key);

/** One field error (422): `{errors: {field: [message key]}}`. */
export function fieldError(field: string, key: string, params: Record<string, string | number> = {}) {
  return new ApiError(422, "error.validation", {}, { errors: { [field]: [{ key, params }] } });
}

export const langOf = (c: Context): Lang => langFromHeader(c.req.header("lang"));

/** A form's `ids` (repeated or comma-separated) as distinct row ids, or null when one is not an id a column can hold. */
export function idsOf(raw: unknown): number[] | null {
  const parts = (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = [...new Set(parts.map(Number))];
  return ids.length && ids.every((n) => Number.isInteger(n) && n > 0 && n <= MAX_INT) ? ids : null;
}

/** The `:id` of the path (routes match `[0-9]+`); an id no column can hold names no row: 404, not a database error. */
export function pathId(c: Context): number {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id > MAX_INT) throw notFound();
  return id;
}

/**
 * A list that is not paged, in the one list convention `{list, total, currentPage, pageSize}` (issue 27.4): every item
 * on page 1, whose size is the count (at least 1).
 */
export const wholeList = <T>(list: T[]) => ({ list, total: list.length, currentPage: 1, pageSize: Math.max(1, list.length) });

/** Success: `{code: 200, msg, data}`. */
export function ok<T>(c: Context, data: T, msgKey = "ok") {
  return c.json({ code: 200 as const, msg: t(langOf(c), msgKey), data }, 200);
}

type FieldMsg = { key: string; params?: Record<string, string | number> } | string;

/**
 * THE translation of the API: a namespaced key (`crud:…`, `usermgmt:…`, with `#a=1` parameters) through the
 * resource dictionaries, anything else through the `api` namespace (`error.notFound`, `validation.required`).
 */
export const translate = (lang: Lang, key: string, params: Record<string, string | number> = {}) => rt(lang, key, params);

/** A field message → text: namespaced keys, the API's keys (`validation.` may be omitted), else as given. */
export function fieldMessage(lang: Lang, m: FieldMsg): string {
  if (typeof m !== "string") return translate(lang, m.key, m.params);
  if (isNamespacedKey(m) || hasKey(m)) return translate(lang, m);
  if (hasKey("validation." + m)) return t(lang, "validation." + m);
  return m;
}

/** THE error reply: an ApiError as `{code: status, msg, data}` with `data.errors` translated per field. */
export function errorBody(c: Context, e: ApiError) {
  const lang = langOf(c);
  let data = e.data;
  if (data && typeof data === "object" && "errors" in data) {
    const errors: Record<string, string[]> = {};
    for (const [field, list] of Object.entries((data as { errors: Record<string, FieldMsg[]> }).errors)) errors[field] = list.map((m) => fieldMessage(lang, m));
    data = { ...(data as object), errors };
  }
  return { code: e.status, msg: e.raw ?? translate(lang, e.key, e.params), data };
}

/** A handler whose ApiErrors answer through errorBody right here (the app's onError does the same for the rest). */
export const run =
  <C extends Context>(fn: (c: C) => Promise<Response>) =>
  async (c: C) => {
    try {
      return await fn(c);
    } catch (e) {
      if (e instanceof ApiError) return c.json(errorBody(c, e), e.status);
      throw e;
    }
  };

/** Zod issue → message key of the `api` namespace (custom messages are keys; `validation.` may be omitted). */
function issueKey(issue: ZodError["issues"][number]): { key: string; params?: Record<string, string | number> } {
  const m = issue.message;
  if (m && hasKey(m)) return { key: m };
  if (m && hasKey("validation." + m)) return { key: "validation." + m };
  const i = issue as unknown as { code: string; input?: unknown; minimum?: number | bigint; maximum?: number | bigint; origin?: string; expected?: string };
  switch (i.code) {
    case "invalid_type":
      if (i.input === undefined || i.input === "") return { key: "validation.required" };
      return { key: i.expected === "number" || i.expected === "int" ? "validation.number" : "validation.invalid" };
    case "too_small":
      if (i.origin === "string")
        return Number(i.minimum) <= 1 ? { key: "validation.required" } : { key: "validation.tooShortText", params: { min: Number(i.minimum) } };
      return { key: "validation.tooSmall", params: { min: Number(i.minimum) } };
    case "too_big":
      if (i.origin === "string") return { key: "validation.tooLongText", params: { max: Number(i.maximum) } };
      return { key: "validation.tooBig", params: { max: Number(i.maximum) } };
    case "invalid_value":
      return { key: "validation.oneOf" };
    default:
      return { key: "validation.invalid" };
  }
}

export function validationError(error: ZodError | null, extra: Record<string, FieldMsg[]> = {}): ApiError {
  const errors: Record<string, FieldMsg[]> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "_";
    (errors[field] ??= []).push(issueKey(issue));
  }
  return new ApiError(422, "error.validation", {}, { errors: { ...errors, ...extra } });
}

/** The encrypted fields of a form body (contract/crypto.ts ENCRYPTED_FIELD_NAME) that are given but do not decrypt. */
function undecryptable(form: unknown, aes: AesKeys): Record<string, FieldMsg[]> {
  const fields = Object.entries((form ?? {}) as Record<string, unknown>).filter(
    ([k, v]) => ENCRYPTED_FIELD_NAME.test(k) && typeof v === "string" && v !== "" && aesDecrypt(v, aes) == null,
  );
  return Object.fromEntries(fields.map(([k]) => [k, [{ key: "validation.encrypted" }]]));
}

/**
 * defaultHook of OpenAPIHono: validation failures become 422 with per-field translated messages; a form's password
 * that does not decrypt is one more field error of the same reply (a client sees every problem of its request at once).
 */
export const validationHook = (aes: AesKeys) => (result: { success: boolean; data?: unknown; error?: unknown; target?: string }, c: Context) => {
  const encrypted = result.target === "form" ? undecryptable(result.data, aes) : {};
  if (result.success && !Object.keys(encrypted).length) return;
  const e = validationError(result.success ? null : (result.error as ZodError), encrypted);
  return c.json(errorBody(c, e), 422);
};

/** Pages the API serves as HTML (docs, WeChat sandbox): nothing runs, nothing loads, nothing frames them;
 *  forms post only here (and to `formTargets`, origins a form's answer redirects to). */
export const pageCsp = (formTargets: string[] = []) =>
  `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${["'self'", ...formTargets].join(" ")}; frame-ancestors 'none'; base-uri 'none'`;
/** Everything else is JSON or a download: not a document at all. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** nosniff and no framing on every answer; a CSP unless the handler set its own (the sandbox adds its redirect target). */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("X-Content-Type-Options", "nosniff");
  c.header("X-Frame-Options", "DENY");
  if (!c.res.headers.has("Content-Security-Policy")) {
    const html = (c.res.headers.get("content-type") ?? "").startsWith("text/html");
    c.header("Content-Security-Policy", html ? pageCsp() : API_CSP);
  }
};

/** An HTTPException (hono's validators, middleware) as `{code, msg, data}`; 415 is reported as 400 like every unreadable body. */
export function httpExceptionReply(c: Context, err: HTTPException) {
  const status = (err.status === 415 ? 400 : err.status) as ContentfulStatusCode;
  const keys: Record<number, string> = {
    400: err.status === 415 ? "error.unsupportedType" : "error.badBody",
    401: "error.unauthorized",
    403: "error.forbidden",
    404: "error.notFound",
    405: "error.methodNotAllowed",
    413: "error.payloadTooLarge",
    429: "error.tooMany",
  };
  const key = status >= 500 ? "error.internal" : (keys[status] ?? "error.badRequest");
  return c.json({ code: status, msg: t(langOf(c), key), data: null }, status);
}

/** What routeMissing needs of the app: its router. */
type Routed = { router: { match(method: string, path: string): unknown } };

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/** notFound handler: 405 with `Allow` when the path exists for other methods, else 404 (both JSON). */
export function routeMissing(app: Routed) {
  return (c: Context) => {
    const allowed = METHODS.filter((m) => m !== c.req.method && routeMatches(app, m, c.req.path));
    if (allowed.length) {
      c.header("Allow", allowed.join(", "));
      return c.json({ code: 405, msg: t(langOf(c), "error.methodNotAllowed"), data: null }, 405);
    }
    return c.json({ code: 404, msg: t(langOf(c), "error.routeNotFound"), data: null }, 404);
  };
}

/** Whether a route (not a `use` middleware, whose method is ALL) answers `method` on `path`. */
function routeMatches(app: Routed, method: string, path: string): boolean {
  const [handlers] = app.router.match(method, path) as unknown as [[[unknown, { method: string }], unknown][]];
  return handlers.some(([entry]) => entry[1].method !== "ALL");
}
