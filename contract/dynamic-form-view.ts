import type { DynamicField } from "./dynamic-form";

/**
 * The helpers of contract/dynamic-form.ts that a form's page needs in the browser, free of zod (contract/dynamic-form.ts
 * re-exports them): the console's dynamic form renders from these and the constraints its loader computes.
 */

export const FIELD_KINDS = ["text", "number", "date", "single", "multiple", "image"] as const;
export type DynamicFieldKind = (typeof FIELD_KINDS)[number];

/** Roles a template may be sent to: the roles of /daily/form (routes.md), where recipients fill it. */
export const FORM_RECIPIENT_ROLES = [1, 2, 3, 7, 8, 11, 12, 14] as const;

export const MAX_FIELDS = 50;
export const MAX_OPTIONS = 30;
export const TEXT_MAX = 500;

/** The fields in the order the form shows them (order, then their place in the list). */
export const orderedFields = <F extends Pick<DynamicField, "order">>(fields: readonly F[]) =>
  fields
    .map((x, i) => ({ x, i }))
    .sort((a, b) => a.x.order - b.x.order || a.i - b.i)
    .map((p) => p.x);

/** The label of a field or option in the reader's language. */
export const labelIn = (l: { zh: string; en: string }, lang: "zh" | "en") => (lang === "en" ? l.en || l.zh : l.zh || l.en);

/**
 * An answer as text (lists and exports): option labels for choices, "" for nothing; an image is its file's name
 * (`files`: file id → name) or "图片 #id" / "image #id" — a plain reference, never a link.
 */
export function answerText(field: DynamicField, value: unknown, lang: "zh" | "en", files?: Readonly<Record<string, string>>): string {
  if (value == null || value === "") return "";
  if (field.kind === "image") return files?.[String(value)] ?? (typeof value === "number" ? `${lang === "en" ? "image" : "图片"} #${value}` : String(value));
  const opt = (v: unknown) => {
    const o = field.options?.[Number(v)];
    return o ? labelIn(o, lang) : String(v);
  };
  if (field.kind === "single") return opt(value);
  if (field.kind === "multiple") return (Array.isArray(value) ? value : [value]).map(opt).join(lang === "en" ? ", " : "、");
  return String(value);
}
