import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { BODY_LIMITS, MB, UPLOAD_KINDS, type BodyKind, type UploadKind } from "@contract/limits";
import { ApiError, langOf } from "./http";
import { t } from "./i18n";

export interface Limits {
  body: Record<BodyKind, number>;
  upload: Record<UploadKind, number>;
}

/** A size in MB from the environment (fractions allowed), else the default in bytes. */
function mbOr(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? Math.round(n * MB) : fallback;
}

/** contract/limits.ts defaults, overridden by BODY_LIMIT_<KIND>_MB and UPLOAD_LIMIT_<KIND>_MB. */
export function loadLimits(env: NodeJS.ProcessEnv): Limits {
  const body = Object.fromEntries(
    Object.entries(BODY_LIMITS).map(([k, v]) => [k, mbOr(env[`BODY_LIMIT_${k.toUpperCase()}_MB`], v)]),
  ) as Record<BodyKind, number>;
  const upload = Object.fromEntries(
    Object.entries(UPLOAD_KINDS).map(([k, v]) => [k, mbOr(env[`UPLOAD_LIMIT_${k.toUpperCase()}_MB`], v.maxBytes)]),
  ) as Record<UploadKind, number>;
  return { body, upload };
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

/** Paths that stream their body themselves with their own limits (uploads). */
const STREAMED = /^\/uploads\//;

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

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const hasBody = (c: Context) =>
  c.req.raw.body != null && (c.req.header("transfer-encoding") != null || Number(c.req.header("content-length") ?? 0) > 0);

/**
 * Writes are forms (architecture.md): a body of another type answers 400, and a form body that cannot be
 * parsed (malformed multipart, no boundary) answers 400 here, once, instead of a 500 in whichever handler
 * reads it first. Handlers read the parsed form from hono's cache (`c.req.parseBody`, validators).
 */
export const readableBodies: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD" || STREAMED.test(c.req.path) || !hasBody(c)) return next();
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw new ApiError(400, "error.unsupportedType");
  try {
    await c.req.parseBody();
  } catch {
    throw new ApiError(400, "error.badBody");
  }
  return next();
};
