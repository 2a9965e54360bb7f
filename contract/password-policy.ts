import * as z from "zod";

/**
 * Section 5: at least 8 characters, three of four kinds (upper, lower, digits, symbols),
 * and no sequences such as consecutive digits (e.g. 123, 987, abc).
 * Returns the i18n keys (namespace `validation`) of every rule the password breaks.
 */
import { PASSWORD_MIN_LENGTH } from "./password-length";

export { PASSWORD_MIN_LENGTH };

export function passwordProblems(pw: string): string[] {
  const problems: string[] = [];
  if (pw.length < PASSWORD_MIN_LENGTH) problems.push("password.tooShort");
  const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length;
  if (kinds < 3) problems.push("password.kinds");
  if (hasSequence(pw)) problems.push("password.sequence");
  return problems;
}

export const isStrongPassword = (pw: string) => passwordProblems(pw).length === 0;

/** Three or more consecutive ascending or descending digits or letters (123, 321, abc, CBA). */
export function hasSequence(pw: string, run = 3): boolean {
  const s = pw.toLowerCase();
  for (let i = 0; i + run <= s.length; i++) {
    const chunk = s.slice(i, i + run);
    if (!/^[0-9]+$/.test(chunk) && !/^[a-z]+$/.test(chunk)) continue;
    let up = true;
    let down = true;
    for (let j = 1; j < run; j++) {
      const d = chunk.charCodeAt(j) - chunk.charCodeAt(j - 1);
      if (d !== 1) up = false;
      if (d !== -1) down = false;
    }
    if (up || down) return true;
  }
  return false;
}

/** zod field for a new password; messages are i18n keys in the `validation` namespace. */
export const newPasswordField = z
  .string({ error: "password.required" })
  .min(1, "password.required")
  .superRefine((pw, ctx) => {
    for (const key of passwordProblems(pw)) ctx.addIssue({ code: "custom", message: key });
  });
