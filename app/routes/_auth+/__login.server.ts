import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";

/** The login form (server only: the page gets its HTML constraints from the loader). */
export const LoginSchema = z.object({
  phone: z.string({ error: "phone.required" }).trim().min(1, "phone.required"),
  password: z.string({ error: "password.required" }).min(1, "password.required"),
  redirectTo: z.string().optional(),
});

export const parseLogin = (formData: FormData) => parseWithZod(formData, { schema: LoginSchema });
export const loginConstraint = () => getZodConstraint(LoginSchema);
