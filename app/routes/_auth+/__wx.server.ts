import { redirect } from "@remix-run/node";
import * as z from "zod";
import { Endpoints, tokenReplySchema } from "@contract/api";
import { aesEncrypt } from "@contract/crypto";
import { rotateCsrfToken } from "~/utils/csrf.server";
import { getEnv } from "~/utils/env.server";
import { safeLoginRedirect } from "~/utils/redirect.server";
import { commitUser } from "~/utils/session.server";
import { combineHeaders } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";

/** The applicant login's parameters and phone step (server only: the page ships no zod). */
const idParam = z.coerce.number().int().positive();
const phoneParam = z
  .string()
  .trim()
  .regex(/^1\d{10}$/);
/** A phone to show in the confirmation step: only a well-formed one (it is a hint; the API checks the login). */
export const phoneHint = (v: FormDataEntryValue | string | null) => (typeof v === "string" && phoneParam.safeParse(v).success ? v.trim() : null);

export function params(url: URL) {
  const kindergartenId = idParam.safeParse(url.searchParams.get("kindergartenId") ?? undefined);
  const introducerId = idParam.safeParse(url.searchParams.get("introducerId") ?? undefined);
  return {
    kindergartenId: kindergartenId.success ? kindergartenId.data : null,
    introducerId: introducerId.success ? introducerId.data : null,
    redirect: url.searchParams.get("redirect") ?? "",
  };
}

export const PhoneSchema = z.object({
  code: z.string().min(1),
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, "phone.invalid"),
});

export const HOME = "/admission/wx/introduction";

export async function loginWechat(
  request: Request,
  p: { code: string; encryptedData: string; iv: string; kindergartenId: number; introducerId: number | null; redirect: string },
) {
  const env = getEnv();
  const result = await settle(
    upstream(request, { token: null }).post(Endpoints.loginWechat, {
      form: {
        appId: env.APP_ID,
        code: p.code,
        encryptedData: p.encryptedData,
        iv: p.iv,
        kindergartenId: p.kindergartenId,
        introducerId: p.introducerId ?? undefined,
      },
      schema: tokenReplySchema,
    }),
  );
  if (!result.ok) return { ok: false as const, error: result.error };
  // As at /login: a new CSRF token with the new session.
  const headers = combineHeaders(await commitUser(request, result.data), await rotateCsrfToken(request));
  return { ok: true as const, response: redirect(safeLoginRedirect(p.redirect, HOME), { headers }) };
}

/** The phone-number payload as the mini-program sends it (AES, section 9). */
export function phonePayload(phone: string): string {
  const env = getEnv();
  return aesEncrypt(JSON.stringify({ phoneNumber: phone }), { key: env.AES_KEY, iv: env.AES_IV });
}
