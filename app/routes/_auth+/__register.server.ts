import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { Endpoints, kindergartenItemSchema, pageSchema } from "@contract/api";
import { settle, upstream } from "~/utils/upstream.server";
import { confirmField, newPasswordField, phoneField, smsCodeField, withConfirm } from "./__password.server";

export const classItemSchema = z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullable().optional() });
export const SendSmsSchema = z.object({ intent: z.literal("sendSms"), phone: phoneField });
export const RegisterSchema = withConfirm(
  z.object({
    intent: z.literal("register"),
    registrationCode: z.string({ error: "registerCode.required" }).trim().min(1, "registerCode.required"),
    classId: z.coerce.number({ error: "class.required" }).int("class.required").positive("class.required"),
    role: z.enum(["4", "3"], { error: "role.required" }),
    realName: z.string({ error: "realName.required" }).trim().min(1, "realName.required").max(50),
    childName: z.string().trim().max(50).optional(),
    phone: phoneField,
    smsCode: smsCodeField,
    password: newPasswordField,
    confirmPassword: confirmField,
  }),
).superRefine((v, ctx) => {
  if (v.role === "4" && !v.childName) ctx.addIssue({ code: "custom", path: ["childName"], message: "childName.required" });
});
export const schemaFor = (intent: unknown) => (intent === "sendSms" ? SendSmsSchema : RegisterSchema);

/** The register form: the action parses it here; the page gets its HTML constraints from the loader (no zod in the browser). */
export const parseRegister = (formData: FormData) => parseWithZod(formData, { schema: schemaFor(formData.get("intent")) });
export const registerConstraint = () => getZodConstraint(RegisterSchema);
export type RegisterFields = z.input<typeof RegisterSchema>;

/** The kindergarten and classes a registration code names (or the API's message about the code). */
export async function loadRegistration(request: Request, code: string) {
  const api = upstream(request, { token: null });
  const [kg, classes] = await Promise.all([
    settle(api.get(Endpoints.registerKindergarten, { query: { registrationCode: code }, schema: kindergartenItemSchema })),
    settle(api.get(Endpoints.registerClasses, { query: { registrationCode: code }, schema: pageSchema(classItemSchema) })),
  ]);
  if (!kg.ok) return { error: kg.error };
  if (!classes.ok) return { kindergarten: kg.data, error: classes.error };
  return { kindergarten: kg.data, classes: classes.data.list };
}
