import * as z from "zod";
import { newPasswordField, PASSWORD_MIN_LENGTH } from "@contract/password-policy";

/** Shared by the register and reset-password forms (browser and server): messages are `validation` keys. */
export const phoneField = z
  .string({ error: "phone.required" })
  .trim()
  .min(1, "phone.required")
  .regex(/^1\d{10}$/, "phone.invalid");

export const smsCodeField = z.string({ error: "smsCode.required" }).trim().min(1, "smsCode.required");

export const confirmField = z.string({ error: "password.required" }).min(1, "password.required");

/** Adds the "two passwords must match" rule on `confirmPassword`. */
export function withConfirm<T extends z.ZodObject<{ password: typeof newPasswordField; confirmPassword: typeof confirmField }>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    const value = v as { password?: string; confirmPassword?: string };
    if (value.password && value.confirmPassword && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "password.mismatch" });
    }
  });
}

export { newPasswordField, PASSWORD_MIN_LENGTH };
