/**
 * How a boolean travels in a form body or a query string (issue 27.3): `true`, `1` and `on` (an HTML checkbox) are
 * true; `false`, `0` and `off` are false (the same as leaving the field out of a form). Form fields take them in any
 * case; a list filter (an enum in the document) in lower case.
 */
export const TRUE_WORDS = ["true", "1", "on"] as const;
export const FALSE_WORDS = ["false", "0", "off"] as const;
export const BOOLEAN_WORDS = [...TRUE_WORDS, ...FALSE_WORDS] as const;
export type BooleanWord = (typeof BOOLEAN_WORDS)[number];
/** The documentation of a boolean form or query field. */
export const BOOLEAN_WORDS_TEXT = "Boolean: true, 1 or on for true; false, 0 or off for false (a form field left out is false).";

/** true, false, or null when the text is not one of the words. */
export function booleanOf(v: unknown): boolean | null {
  const s = String(v ?? "")
    .trim()
    .toLowerCase();
  if ((TRUE_WORDS as readonly string[]).includes(s)) return true;
  if ((FALSE_WORDS as readonly string[]).includes(s)) return false;
  return null;
}
