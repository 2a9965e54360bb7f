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

const signInSchema = z.object({
  kindergarten: z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullable(), address: z.string().nullable() }),
  wechat: z.boolean(),
  sms: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInSchema>;

/**
 * Which sign-in the API offers for the link's kindergarten: `options`, or null with `unknown` (no such kindergarten:
 * the link is wrong) or the API's `error` (it cannot say now).
 */
export async function signInOptions(request: Request, kindergartenId: number) {
  const r = await settle(upstream(request, { token: null }).get("token/applicant_sign_in", { query: { kindergartenId }, schema: signInSchema }));
  if (r.ok) return { options: r.data, unknown: false, error: null };
  return { options: null, unknown: r.code === 404, error: r.code === 404 ? null : r.error };
}

/** Sends the applicant a sign-in code; the page never shows it. */
export async function sendApplicantCode(request: Request, kindergartenId: number, phone: string) {
  return settle(upstream(request, { token: null }).envelope("POST", "token/applicant_sms_code", { form: { kindergartenId, phone } }));
}

/** Signs the applicant in with the SMS code: the phone becomes the session's verified phone. */
export async function loginWithCode(
  request: Request,
  p: { kindergartenId: number; introducerId: number | null; redirect: string; phone: string; smsCode: string },
) {
  const result = await settle(
    upstream(request, { token: null }).post("token/login_applicant_sms", {
      form: { kindergartenId: p.kindergartenId, introducerId: p.introducerId ?? undefined, phone: p.phone, smsCode: p.smsCode },
      schema: tokenReplySchema,
    }),
  );
  if (!result.ok) return { ok: false as const, error: result.error, fieldErrors: result.fieldErrors };
  return { ok: true as const, response: await signedIn(request, result.data, p.redirect) };
}

/** The new session's cookie (and, as at /login, a new CSRF token), then the applicant's page. */
async function signedIn(request: Request, reply: z.infer<typeof tokenReplySchema>, to: string) {
  const headers = combineHeaders(await commitUser(request, reply), await rotateCsrfToken(request));
  return redirect(safeLoginRedirect(to, HOME), { headers });
}

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
  return { ok: true as const, response: await signedIn(request, result.data, p.redirect) };
}

/** The phone-number payload as the mini-program sends it (AES, section 9). */
export function phonePayload(phone: string): string {
  const env = getEnv();
  return aesEncrypt(JSON.stringify({ phoneNumber: phone }), { key: env.AES_KEY, iv: env.AES_IV });
}
