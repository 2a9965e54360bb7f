import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { BODY_LIMITS, IMAGE_MAX_PIXELS, MB, TEMP_UPLOAD_QUOTA, UPLOAD_KINDS, type BodyKind, type UploadKind } from "@contract/limits";
import { boundaryOf, MultipartError, readFormData } from "@contract/multipart";
import { ApiError, langOf } from "./http";
import { t } from "./i18n";

export interface Limits {
  body: Record<BodyKind, number>;
  upload: Record<UploadKind, number>;
  /** Per-user temporary uploads: at most `files` of at most `bytes` together. */
  tempQuota: { files: number; bytes: number };
  /** Largest image decoded, in pixels. */
  imageMaxPixels: number;
}

/** A size in MB from the environment (fractions allowed), else the default in bytes. */
function mbOr(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? Math.round(n * MB) : fallback;
}

/** A positive whole number from the environment, else the default. */
function countOr(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** contract/limits.ts defaults, overridden by BODY_LIMIT_<KIND>_MB, UPLOAD_LIMIT_<KIND>_MB, UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB, IMAGE_MAX_MEGAPIXELS. */
export function loadLimits(env: NodeJS.ProcessEnv): Limits {
  const body = Object.fromEntries(Object.entries(BODY_LIMITS).map(([k, v]) => [k, mbOr(env[`BODY_LIMIT_${k.toUpperCase()}_MB`], v)])) as Record<
    BodyKind,
    number
  >;
  const upload = Object.fromEntries(Object.entries(UPLOAD_KINDS).map(([k, v]) => [k, mbOr(env[`UPLOAD_LIMIT_${k.toUpperCase()}_MB`], v.maxBytes)])) as Record<
    UploadKind,
    number
  >;
  const tempQuota = { files: countOr(env.UPLOAD_QUOTA_FILES, TEMP_UPLOAD_QUOTA.files), bytes: mbOr(env.UPLOAD_QUOTA_MB, TEMP_UPLOAD_QUOTA.bytes) };
  const megapixels = Number(env.IMAGE_MAX_MEGAPIXELS);
  const imageMaxPixels = env.IMAGE_MAX_MEGAPIXELS && megapixels > 0 ? Math.round(megapixels * 1_000_000) : IMAGE_MAX_PIXELS;
  return { body, upload, tempQuota, imageMaxPixels };
}

/** "10 MB" / "512 KB" for messages. */
export const sizeText = (bytes: number) => (bytes >= MB ? `${+(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** The limit that applies to a body of this Content-Type (unknown or missing types get the smallest, the form's). */
export function bodyKindOf(contentType: string | undefined): BodyKind {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") return "multipart";
  if (/^application\/([\w.-]+\+)?json$/.test(type)) return "json";
  return "form";
}

/** 413 `{code, msg, data: {maxBytes}}`. */
export const tooLarge = (c: Context, maxBytes: number) =>
  c.json({ code: 413, msg: t(langOf(c), "error.tooLarge", { max: sizeText(maxBytes) }), data: { maxBytes } }, 413);

/** Paths that stream their body themselves with their own limits (uploads, files). */
const STREAMED = /^\/(uploads\/|files\/?$)/;

/**
 * Caps every request body by its Content-Type while it is read: hono's bodyLimit trusts Content-Length
 * (Node refuses a body longer than it declares) and otherwise counts a chunked body, stopping at the limit.
 */
export function bodyLimits(limits: Limits): MiddlewareHandler {
  const byKind = Object.fromEntries(
    (Object.keys(limits.body) as BodyKind[]).map((k) => [k, bodyLimit({ maxSize: limits.body[k], onError: (c) => tooLarge(c, limits.body[k]) })]),
  ) as Record<BodyKind, MiddlewareHandler>;
  return async (c, next) => {
    if (STREAMED.test(c.req.path)) return next();
    return byKind[bodyKindOf(c.req.header("content-type"))](c, next);
  };
}

/**
 * An answer sent before its request's body has fully arrived (a 413, or a 401/403/400 decided before the body
 * was read) says `Connection: close`: the server drops such a connection rather than wait for the rest, and a
 * client told "keep-alive" would send its next request down a socket about to close.
 */
export const closeIfBodyPending: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: { complete?: boolean } } | undefined)?.incoming;
  if (incoming && incoming.complete === false) c.header("Connection", "close");
};

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const hasBody = (c: Context) => c.req.raw.body != null && (c.req.header("transfer-encoding") != null || Number(c.req.header("content-length") ?? 0) > 0);

/**
 * Writes are forms (architecture.md): a body of another type answers 400, and a form body that cannot be
 * parsed (malformed multipart, no boundary) answers 400 here, once, instead of a 500 in whichever handler
 * reads it first; a field with a control character answers 422. Multipart bodies are parsed by contract/multipart.ts
 * (RFC 7578 as browsers and other clients write it, `filename*` too). Handlers read the parsed form from hono's
 * cache (`c.req.parseBody`, validators).
 */
export const readableBodies: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD" || STREAMED.test(c.req.path) || !hasBody(c)) return next();
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw new ApiError(400, "error.unsupportedType");
  let form: Record<string, unknown>;
  try {
    if (type === "multipart/form-data") c.req.bodyCache.formData = await multipartForm(c);
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, "error.badBody");
  }
  refuseControlCharacters(form);
  return next();
};

/** RFC 7578 forms as real clients send them (contract/multipart.ts), not only as undici's strict parser accepts them. */
function multipartForm(c: Context): Promise<FormData> {
  const boundary = boundaryOf(c.req.header("content-type"));
  if (!boundary || !c.req.raw.body) return Promise.reject(new MultipartError("no boundary"));
  return readFormData(c.req.raw.body, boundary);
}

/** C0 controls but tab, LF and CR, and DEL: never typed into a form; NUL is even refused by PostgreSQL text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** 422 on every form field holding a control character (files are not text: left to their readers). */
function refuseControlCharacters(form: Record<string, unknown>) {
  const errors: Record<string, { key: string }[]> = {};
  for (const [name, value] of Object.entries(form))
    if ((Array.isArray(value) ? value : [value]).some((v) => typeof v === "string" && CONTROL.test(v))) errors[name] = [{ key: "validation.controlChars" }];
  if (Object.keys(errors).length) throw new ApiError(422, "error.validation", {}, { errors });
}
