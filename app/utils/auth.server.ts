import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { Endpoints, PLATFORM_PC, tokenReplySchema, type TokenReply } from "@contract/api";
import { aesEncrypt } from "@contract/crypto";
import { getEnv } from "./env.server";
import { getT } from "./i18n.server";
import { upstream, UpstreamError } from "./upstream.server";

/**
 * remix-auth 4 with a FormStrategy ("form"): trims the phone, AES-encrypts the password
 * (section 9), POSTs token/login with platform=pc through the upstream client and answers the
 * token reply. Failures throw UpstreamError (message = the API's msg, or "验证失败，请重新登录"
 * when the reply has no data), or the upstream client's redirect Responses (Need Reset Password).
 */
export const authenticator = new Authenticator<TokenReply>();

export function encryptPassword(plain: string): string {
  const env = getEnv();
  return aesEncrypt(plain, { key: env.AES_KEY, iv: env.AES_IV });
}

authenticator.use(
  new FormStrategy<TokenReply>(async ({ form, request }) => {
    const phone = String(form.get("phone") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const data = await upstream(request, { token: null, phone }).post(Endpoints.login, {
      form: { phone, password: password ? encryptPassword(password) : "", platform: PLATFORM_PC },
    });
    const reply = tokenReplySchema.safeParse(data);
    if (!reply.success) {
      const t = await getT(request, "common");
      throw new UpstreamError("invalid", t("errors.verifyFailed"), 200, data);
    }
    return reply.data;
  }),
  "form",
);

/** Logs in with the posted form (fields phone, password). */
export function login(request: Request): Promise<TokenReply> {
  return authenticator.authenticate("form", request);
}
