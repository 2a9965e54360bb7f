import * as z from "zod";
import { fields as f } from "./resource";
import { answerText, FIELD_KINDS, labelIn, MAX_FIELDS, MAX_OPTIONS, orderedFields, TEXT_MAX, type DynamicFieldKind } from "./dynamic-form-view";

export { answerText, FIELD_KINDS, labelIn, MAX_FIELDS, MAX_OPTIONS, orderedFields, TEXT_MAX, type DynamicFieldKind } from "./dynamic-form-view";

/**
 * Dynamic forms: a form described as data (the daily section's form templates build them at run time), and what
 * is derived from the description — pure functions shared by the API and the console:
 *   - `answerSchema(fields)`: the zod schema of the answers, with the same builders and messages as every other form
 *     (`crud:validation.required` "cannot be empty", `crud:validation.choose`, …), parsed with conform on both sides;
 *   - `orderedFields(fields)`: the fields as the form shows them (the console renders them with one component,
 *     app/components/dynamic-form.tsx);
 *   - `answersSheet(fields, answers, lang)`: the Excel export of the answers, one column per field;
 *   - image fields hold a file id (`imageFieldKeys`): the API claims the file with the answer.
 * See docs/architecture.md "Dynamic forms".
 */

const label = z.string().trim().max(50, "crud:validation.tooLong#max=50");

/** One field of a form description. Keys are stable identifiers of the answers (`f1`, `f2`, …). */
export const dynamicFieldSchema = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]{0,29}$/, "crud:validation.invalid"),
    label: z.object({ zh: label.min(1, "crud:validation.required"), en: label.min(1, "crud:validation.required") }),
    kind: z.enum(FIELD_KINDS, { error: "crud:validation.choose" }),
    required: z.boolean().default(false),
    options: z
      .array(z.object({ zh: label.min(1, "crud:validation.required"), en: label.min(1, "crud:validation.required") }))
      .max(MAX_OPTIONS, `crud:validation.tooMany#max=${MAX_OPTIONS}`)
      .optional(),
    order: z.number().int().min(0).max(1000),
  })
  .refine((x) => (x.kind === "single" || x.kind === "multiple" ? (x.options?.length ?? 0) >= 1 : true), {
    message: "forms:errors.optionsRequired",
    path: ["options"],
  });
export type DynamicField = z.infer<typeof dynamicFieldSchema>;

/** A whole description: at least one field, at most MAX_FIELDS, keys unique. */
export const dynamicFormSchema = z
  .array(dynamicFieldSchema)
  .min(1, "forms:errors.noFields")
  .max(MAX_FIELDS, `crud:validation.tooMany#max=${MAX_FIELDS}`)
  .refine((list) => new Set(list.map((x) => x.key)).size === list.length, "forms:errors.duplicateKey");

/** The description kept as JSON text (a form field of the template, a column of the table). */
export const dynamicFormJson = z.string({ error: "forms:errors.noFields" }).transform((s, ctx) => {
  let raw: unknown;
  try {
    raw = JSON.parse(s);
  } catch {
    ctx.addIssue({ code: "custom", message: "forms:errors.noFields" });
    return z.NEVER;
  }
  const r = dynamicFormSchema.safeParse(raw);
  if (!r.success) {
    ctx.addIssue({ code: "custom", message: r.error.issues[0]?.message ?? "crud:validation.invalid" });
    return z.NEVER;
  }
  return JSON.stringify(r.data);
});

/** Option values are their positions as strings ("0", "1", …): stable while the template keeps its options. */
const optionValues = (field: DynamicField) => (field.options ?? []).map((_, i) => String(i));

/** The zod schema of one field's answer (what conform's coercion makes of the form value). */
export function fieldSchema(field: DynamicField): z.ZodType {
  switch (field.kind) {
    case "text":
      return field.required ? f.text({ max: TEXT_MAX }) : f.optionalText({ max: TEXT_MAX });
    case "number": {
      const s = z
        .number({ error: field.required ? "crud:validation.required" : "crud:validation.number" })
        .min(-1e12, "crud:validation.min#min=-1000000000000")
        .max(1e12, "crud:validation.max#max=1000000000000");
      return field.required ? s : s.nullish();
    }
    case "date":
      return field.required ? f.date() : f.optionalDate();
    case "single": {
      const values = optionValues(field) as [string, ...string[]];
      return field.required ? z.enum(values, { error: "crud:validation.choose" }) : z.enum(values, { error: "crud:validation.choose" }).nullish();
    }
    case "multiple": {
      const values = optionValues(field) as [string, ...string[]];
      const list = z.array(z.enum(values, { error: "crud:validation.choose" })).max(values.length);
      return field.required
        ? z
            .array(z.enum(values, { error: "crud:validation.choose" }), { error: "crud:validation.choose" })
            .min(1, "crud:validation.choose")
            .max(values.length)
        : list.default([]);
    }
    case "image": {
      // A file id: a JPG/PNG uploaded with `POST files/?kind=image` (temporary until the answer that uses it is saved,
      // which claims it). Nothing → "cannot be empty" when required; anything but a positive id → "invalid".
      const s = z
        .number({ error: (iss) => (iss.input === undefined || iss.input === null ? "crud:validation.required" : "crud:validation.invalid") })
        .int("crud:validation.invalid")
        .positive("crud:validation.invalid")
        .max(2 ** 31 - 1, "crud:validation.invalid");
      return field.required ? s : s.nullish();
    }
  }
}

/** The image fields' keys (the console streams their files to the API; the API claims them with the answer). */
export const imageFieldKeys = (fields: readonly DynamicField[]) =>
  orderedFields(fields)
    .filter((x) => x.kind === "image")
    .map((x) => x.key);

/** The answers' schema: one property per field, named by its key. */
export const answerSchema = (fields: readonly DynamicField[]) => z.object(Object.fromEntries(orderedFields(fields).map((x) => [x.key, fieldSchema(x)])));

export type Answers = Record<string, string | number | string[] | null | undefined>;

/** One stored answer set, as the API lists them. */
export interface AnswerRow {
  id: number;
  userName: string;
  createdAt: string;
  answers: Answers;
  /** The names of the files its image answers refer to (file id → name). */
  files?: Record<string, string>;
}

/**
 * The Excel sheet of a template's answers: a header row (submitter, time, then one column per field in form order)
 * and one row per answer set. Numbers stay numbers; the API's spreadsheet helper neutralises formula text.
 */
export function answersSheet(
  fields: readonly DynamicField[],
  rows: readonly AnswerRow[],
  lang: "zh" | "en",
  t: (key: string) => string,
): (string | number)[][] {
  const ordered = orderedFields(fields);
  const head = [t("forms:answers.user"), t("forms:answers.createdAt"), ...ordered.map((x) => labelIn(x.label, lang))];
  const body = rows.map((r) => [
    r.userName,
    r.createdAt.slice(0, 16).replace("T", " "),
    ...ordered.map((x) =>
      x.kind === "number" && typeof r.answers[x.key] === "number" ? (r.answers[x.key] as number) : answerText(x, r.answers[x.key], lang, r.files),
    ),
  ]);
  return [head, ...body];
}

/** The next free key (`f1`, `f2`, …) for a field added to a description. */
export function nextKey(fields: readonly Pick<DynamicField, "key">[]): string {
  const used = new Set(fields.map((x) => x.key));
  for (let i = 1; ; i++) if (!used.has(`f${i}`)) return `f${i}`;
}

/** The summary of one field over a template's answer sets (`answered`: sets with a value for it). */
export interface FieldSummary {
  key: string;
  kind: DynamicFieldKind;
  answered: number;
  /** Choices: per option (in option order), how many sets chose it and its share of all sets (percent, 1 decimal). */
  options?: { count: number; percent: number }[];
  /** Numbers: min, average (2 decimals) and max of the given values; null when none. */
  numbers?: { min: number; avg: number; max: number } | null;
}

const hasValue = (v: unknown) => v != null && v !== "" && !(Array.isArray(v) && v.length === 0);
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function optionSummary(field: DynamicField, values: unknown[], total: number) {
  return (field.options ?? []).map((_, i) => {
    const count = values.filter((v) => (Array.isArray(v) ? v.map(String).includes(String(i)) : String(v) === String(i))).length;
    return { count, percent: total ? round((count * 100) / total, 1) : 0 };
  });
}

function numberSummary(values: unknown[]) {
  const nums = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  if (!nums.length) return null;
  return { min: Math.min(...nums), avg: round(nums.reduce((a, b) => a + b, 0) / nums.length, 2), max: Math.max(...nums) };
}

/** The per-field summary of the answers (form order): counts per option, number figures, answered counts. */
export function summarise(fields: readonly DynamicField[], rows: readonly Pick<AnswerRow, "answers">[]): FieldSummary[] {
  return orderedFields(fields).map((field) => {
    const values = rows.map((r) => r.answers[field.key]).filter(hasValue);
    const s: FieldSummary = { key: field.key, kind: field.kind, answered: values.length };
    if (field.kind === "single" || field.kind === "multiple") s.options = optionSummary(field, values, rows.length);
    if (field.kind === "number") s.numbers = numberSummary(values);
    return s;
  });
}

/** The summary as a sheet (the export's second sheet): field, answered, then one row per option or number figure. */
export function summarySheet(fields: readonly DynamicField[], summary: readonly FieldSummary[], lang: "zh" | "en", t: (key: string) => string) {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const out: (string | number)[][] = [[t("forms:summary.field"), t("forms:summary.item"), t("forms:summary.value")]];
  for (const s of summary) {
    const f = byKey.get(s.key)!;
    out.push([labelIn(f.label, lang), t("forms:summary.answered"), s.answered]);
    s.options?.forEach((o, i) => out.push(["", labelIn(f.options![i]!, lang), `${o.count} (${o.percent}%)`]));
    if (s.numbers) for (const k of ["min", "avg", "max"] as const) out.push(["", t(`forms:summary.${k}`), s.numbers[k]]);
  }
  return out;
}
