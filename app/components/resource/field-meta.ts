import type { SubmissionResult } from "@conform-to/react";
import type { FieldConstraint } from "~/resources/types";

/** Kept in step with app/utils/upload.server.ts: the name of a file field's new upload, posted beside its id. */
export const UPLOADED_SUFFIX = "__uploaded";

/**
 * One form field as the resource form renders it: ids for the label and the error list, the value to start from
 * (the record's, or what was posted when the server refused it), the server's messages and the schema's native
 * constraints. The server validates (the same zod schema as the API); the browser only gets these plain values.
 */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  initialValue: unknown;
  /** A file field's new, not yet saved upload (its name), carried through a refused save (`<name>__uploaded`). */
  uploadedName?: string;
  valid: boolean;
  constraint: FieldConstraint;
}

export function fieldMetas(
  formId: string,
  names: string[],
  o: { defaults: Record<string, unknown>; result?: SubmissionResult<string[]>; constraint: Record<string, FieldConstraint>; cleared: ReadonlySet<string> },
): Record<string, FieldMeta> {
  const values = (o.result?.initialValue as Record<string, unknown> | null | undefined) ?? o.defaults;
  return Object.fromEntries(
    names.map((name) => {
      const id = `${formId}-${name}`;
      const errors = o.cleared.has(name) ? undefined : (o.result?.error?.[name] ?? undefined);
      const uploaded = values[`${name}${UPLOADED_SUFFIX}`];
      const meta: FieldMeta = {
        id,
        name,
        errorId: `${id}-error`,
        errors,
        initialValue: values[name],
        ...(typeof uploaded === "string" && uploaded ? { uploadedName: uploaded } : {}),
        valid: !errors?.length,
        constraint: o.constraint[name] ?? {},
      };
      return [name, meta];
    }),
  );
}

/** The native attributes of an input: name, id, constraints, ARIA state (what conform's getInputProps gave). */
export function controlProps(meta: FieldMeta) {
  const c = meta.constraint;
  return {
    id: meta.id,
    name: meta.name,
    required: c.required || undefined,
    minLength: c.minLength,
    maxLength: c.maxLength,
    min: c.min,
    max: c.max,
    step: c.step,
    pattern: c.pattern,
    "aria-invalid": meta.valid ? undefined : true,
    "aria-describedby": meta.valid ? undefined : meta.errorId,
  };
}

/** A field's starting value as text (a select's, an input's). */
export const textOf = (v: unknown) => (v == null ? "" : Array.isArray(v) ? String(v[0] ?? "") : String(v));
/** A multi-value field's starting values. */
export const listOf = (v: unknown) => (v == null || v === "" ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);
