import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { confirmField, newPasswordField, phoneField, smsCodeField, withConfirm } from "./__password.server";

export const SendSmsSchema = z.object({ intent: z.literal("sendSms"), phone: phoneField });
export const ForgotSchema = withConfirm(
  z.object({
    intent: z.literal("forgot"),
    phone: phoneField,
    smsCode: smsCodeField,
    password: newPasswordField,
    confirmPassword: confirmField,
  }),
);
export const ForcedSchema = withConfirm(
  z.object({
    intent: z.literal("forced"),
    phone: z.string({ error: "phone.required" }).trim().min(1, "phone.required"),
    oldPassword: z.string({ error: "password.oldRequired" }).min(1, "password.oldRequired"),
    password: newPasswordField,
    confirmPassword: confirmField,
  }),
);
export const schemaFor = (intent: unknown) => (intent === "sendSms" ? SendSmsSchema : intent === "forced" ? ForcedSchema : ForgotSchema);

/** The reset forms: the action parses them here; the page gets its HTML constraints from the loader (no zod in the browser). */
export const parseReset = (formData: FormData) => parseWithZod(formData, { schema: schemaFor(formData.get("intent")) });
export const resetConstraint = (mode: "forced" | "forgot") => getZodConstraint(mode === "forced" ? ForcedSchema : ForgotSchema);
export type ResetFields = z.input<typeof ForgotSchema> | z.input<typeof ForcedSchema>;
