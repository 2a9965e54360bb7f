/** Input: form bodies, the definition's schemas, field errors, the row rule. */
import type { Context } from "hono";
import { parseWithZod } from "@conform-to/zod/v4";
import { aesDecrypt, type AesKeys } from "@contract/crypto";
import { allFormFields, formSchemaFor, isNamespacedKey, rowRefusal, type Actor, type ResourceDefinition } from "@contract/resource";
import { booleanOf } from "@contract/boolean-words";
import { ApiError } from "@api/http";
import { hasKey } from "@api/i18n";
import type { Scope } from "@api/tenancy";

/** Who acts, as row rules read it: user, role and the session's reach (rules about people read it). */
export const actorOf = (scope: Scope): Actor => ({
  userId: scope.userId,
  roleId: scope.roleId,
  reach: scope.reach,
  kindergartenId: scope.kindergartenId,
  educationGroupId: scope.educationGroupId,
});

/** 422 with per-field messages (keys kept; translated by api/http errorBody). */
export function fieldErrors(errors: Record<string, string[]>): ApiError {
  return new ApiError(422, "error.validation", {}, { errors });
}

/** A schema's message as a key we translate (ours or the API's), else the generic "invalid". */
export const schemaMessage = (m: string) => (isNamespacedKey(m) || hasKey(m) || hasKey("validation." + m) ? m : "crud:validation.invalid");

/** conform's error record → `{field: [message]}` (array items `teacherIds[0]` fold into `teacherIds`). */
function foldErrors(error: Record<string, string[] | null> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(error ?? {})) {
    if (!list?.length) continue;
    const field = name.replace(/\[\d+\].*$/, "").replace(/\..*$/, "") || "_";
    for (const raw of list) {
      const m = schemaMessage(raw);
      if (!(out[field] ??= []).includes(m)) out[field]!.push(m);
    }
  }
  return out;
}

/** A form body as the definition reads it: its values, and the password fields that did not decrypt. */
export interface FormBody {
  params: URLSearchParams;
  undecryptable: string[];
}

/** Form-encoded (or multipart) body → URLSearchParams; multiselect and images values may also come comma-separated.
 *  Password fields arrive AES-encrypted (section 9, as at login) and are decrypted here, before validation; one
 *  that does not decrypt is left out and named, so parseForm reports it beside the form's other errors. */
export async function bodyParams(c: Context, def: ResourceDefinition, aes?: AesKeys): Promise<FormBody> {
  const body = await c.req.parseBody({ all: true });
  const multi = new Set(
    allFormFields(def)
      .filter((f) => f.kind === "multiselect" || f.kind === "images")
      .map((f) => f.name),
  );
  const secret = new Set(
    allFormFields(def)
      .filter((f) => f.kind === "password")
      .map((f) => f.name),
  );
  const params = new URLSearchParams();
  const undecryptable: string[] = [];
  for (const [k, raw] of Object.entries(body)) {
    for (const v of Array.isArray(raw) ? raw : [raw]) {
      if (typeof v !== "string") continue;
      if (multi.has(k)) for (const part of v.split(",")) part.trim() && params.append(k, part.trim());
      else if (aes && secret.has(k) && v !== "") {
        const plain = aesDecrypt(v, aes);
        if (plain == null) undecryptable.push(k);
        else params.append(k, plain);
      } else params.append(k, v);
    }
  }
  return { params, undecryptable };
}

/** The keys of an object schema whose value is a boolean (under optional/default/nullable). */
function booleanKeys(schema: unknown): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const shape = (schema as any)?.shape as Record<string, any> | undefined;
  if (!shape) return [];
  return Object.entries(shape).flatMap(([k, s]) => {
    let cur = s;
    while (cur?._zod?.def && ["optional", "nullable", "default", "prefault", "readonly"].includes(cur._zod.def.type)) cur = cur._zod.def.innerType;
    return cur?._zod?.def?.type === "boolean" ? [k] : [];
  });
}

/**
 * Boolean fields as conform reads them: true/1/on → "on", false/0/off → left out (false), any case; another word
 * stays and is refused (422). contract/boolean-words.ts.
 */
function withBooleanWords(def: ResourceDefinition, mode: "create" | "change", params: URLSearchParams): URLSearchParams {
  const names = new Set([
    ...allFormFields(def)
      .filter((f) => f.kind === "boolean")
      .map((f) => f.name),
    ...booleanKeys(formSchemaFor(def, mode)),
  ]);
  const bools = [...names].filter((name) => params.has(name));
  if (!bools.length) return params;
  const out = new URLSearchParams(params);
  for (const name of bools) {
    const values = out.getAll(name);
    out.delete(name);
    for (const v of values) {
      const b = booleanOf(v);
      if (b === null) out.append(name, v);
      else if (b) out.append(name, "on");
    }
  }
  return out;
}

/** Parses a form with the definition's schema exactly as the console does (conform's coercion); a password that did
 *  not decrypt (`undecryptable`) is that field's one error, reported with every other field's. */
export function parseForm(def: ResourceDefinition, mode: "create" | "change", params: URLSearchParams, undecryptable: string[] = []): Record<string, unknown> {
  const submission = parseWithZod(withBooleanWords(def, mode, params), { schema: formSchemaFor(def, mode) });
  const errors = submission.status === "success" ? {} : foldErrors(submission.error as Record<string, string[] | null>);
  for (const k of undecryptable) errors[k] = ["validation.encrypted"];
  if (submission.status !== "success" || undecryptable.length) throw fieldErrors(errors);
  return submission.value as Record<string, unknown>;
}

/** The body of a create or change, parsed (bodyParams, then parseForm). */
export async function readForm(c: Context, def: ResourceDefinition, mode: "create" | "change", aes: AesKeys): Promise<Record<string, unknown>> {
  const { params, undecryptable } = await bodyParams(c, def, aes);
  return parseForm(def, mode, params, undecryptable);
}

/** Refuses (403/409, or 422 on a field) unless the definition's row rule lets the caller apply `verb` to `row`. */
export function assertRowAllowed(def: ResourceDefinition, verb: string, row: Record<string, unknown>, scope: Scope) {
  const refusal = rowRefusal(def, verb, row, actorOf(scope));
  if (!refusal) return;
  if (refusal.field) throw fieldErrors({ [refusal.field]: [refusal.key] });
  throw new ApiError(refusal.status, refusal.key);
}
