import * as z from "zod";
import { MAX_INT } from "../limits";

/**
 * Request and reply shapes of the school API's authentication, registration and storage endpoints
 * (form fields arrive as strings; numbers are coerced). Messages are keys of the `api` locale namespace.
 */
export const PHONE_RE = /^1\d{10}$/;
export const phoneField = z.string({ error: "validation.required" }).trim().regex(PHONE_RE, "validation.phone");
/** An AES-encrypted password (contract/crypto.ts). */
export const encryptedField = z.string({ error: "validation.password.required" }).min(1, "validation.password.required");
export const smsCodeField = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^\d{6}$/, "validation.smsCode");
export const idField = z.coerce
  .number({ error: "validation.integer" })
  .int("validation.integer")
  .positive("validation.invalid")
  .max(MAX_INT, "validation.invalid");

export const loginFormSchema = z.object({
  phone: z.string({ error: "validation.required" }).trim().min(1, "validation.required"),
  password: encryptedField,
  platform: z.string().optional(),
});

export const platformFormSchema = z.object({ platform: z.string().optional() });

export const loginWechatFormSchema = z.object({
  appId: z.string({ error: "validation.required" }).min(1, "validation.required"),
  code: z.string({ error: "validation.required" }).min(1, "validation.required"),
  encryptedData: z.string({ error: "validation.required" }).min(1, "validation.required"),
  iv: z.string({ error: "validation.required" }).min(1, "validation.required"),
  kindergartenId: idField,
  introducerId: idField.optional(),
});

export const stsQuerySchema = z.object({ bucket: z.enum(["main", "temp"], { error: "validation.oneOf" }).optional() });

export const stsReplySchema = z.object({
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  securityToken: z.string(),
  expiration: z.string(),
  bucket: z.string(),
  region: z.string(),
  endpoint: z.string(),
  prefix: z.string(),
});

export const registrationCodeQuerySchema = z.object({
  registrationCode: z.string({ error: "validation.required" }).trim().min(1, "validation.required"),
});

export const registerClassItemSchema = z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable(), level: z.string() });

export const SMS_PURPOSES = ["register", "forgot"] as const;
export const smsCodeFormSchema = z.object({
  phone: phoneField,
  purpose: z.enum(SMS_PURPOSES, { error: "validation.oneOf" }),
});

/** Self-registration: a parent (4) or a teacher (3). */
export const REGISTER_ROLES = [3, 4] as const;
export const registerFormSchema = z
  .object({
    registrationCode: z.string({ error: "validation.required" }).trim().min(1, "validation.required"),
    classId: idField,
    role: z.coerce.number({ error: "validation.oneOf" }).refine((n) => n === 3 || n === 4, "validation.oneOf"),
    realName: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(50),
    phone: phoneField,
    smsCode: smsCodeField,
    password: encryptedField,
    childName: z.string().trim().max(50).optional(),
    email: z.string().trim().email("validation.email").optional(),
    gender: z.enum(["male", "female"], { error: "validation.oneOf" }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role === 4 && !v.childName) ctx.addIssue({ code: "custom", path: ["childName"], message: "validation.required" });
  });

export const forgotPasswordFormSchema = z.object({ phone: phoneField, smsCode: smsCodeField, password: encryptedField });

export const resetPasswordFormSchema = z.object({
  phone: z.string({ error: "validation.required" }).trim().min(1, "validation.required"),
  oldPassword: encryptedField,
  password: encryptedField,
});
