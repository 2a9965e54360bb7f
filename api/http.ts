import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { t, hasKey, langFromHeader, type Lang } from "./i18n";

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

/** Success: `{code: 200, msg, data}`. */
export function ok<T>(c: Context, data: T, msgKey = "ok") {
  return c.json({ code: 200 as const, msg: t(langOf(c), msgKey), data }, 200);
}

type FieldMsg = { key: string; params?: Record<string, string | number> } | string;

function translateErrors(lang: Lang, errors: Record<string, FieldMsg[]>) {
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(errors))
    out[field] = list.map((m) => (typeof m === "string" ? m : t(lang, m.key, m.params)));
  return out;
}

export function errorBody(c: Context, e: ApiError) {
  const lang = langOf(c);
  let data = e.data;
  if (e.status === 422 && data && typeof data === "object" && "errors" in data)
    data = { errors: translateErrors(lang, (data as { errors: Record<string, FieldMsg[]> }).errors) };
  return { code: e.status, msg: e.raw ?? t(lang, e.key, e.params), data };
}

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

export function validationError(error: ZodError): ApiError {
  const errors: Record<string, FieldMsg[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "_";
    (errors[field] ??= []).push(issueKey(issue));
  }
  return new ApiError(422, "error.validation", {}, { errors });
}

/** defaultHook of OpenAPIHono: validation failures become 422 with per-field translated messages. */
export const validationHook = (result: { success: boolean; error?: unknown }, c: Context) => {
  if (!result.success) {
    const e = validationError(result.error as ZodError);
    return c.json(errorBody(c, e), 422);
  }
};
