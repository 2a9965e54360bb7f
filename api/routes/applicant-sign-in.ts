import { createRoute, z } from "@hono/zod-openapi";
import { tokenReplySchema } from "@contract/api";
import {
  applicantSignInQuerySchema,
  applicantSmsCodeFormSchema,
  applicantSmsLoginFormSchema,
  type ApplicantSignIn,
} from "@contract/entities/admission-applicant";
import type { App, Deps } from "@api/context";
import { ApiError, langOf, notFound, ok } from "@api/http";
import { t } from "@api/i18n";
import { rateLimit } from "@api/auth/rate-limit";
import { consumeCode, sendCode } from "@api/services/sms-codes";
import { startApplicantSession } from "@api/services/applicants";
import { formBody, jsonReply } from "./common";
import { errorResponses } from "@api/resources/engine/openapi";

const tags = ["admission"];
/** The SMS code purpose of the applicant's sign-in (its codes open nothing else). */
const PURPOSE = "applicant";

/**
 * The applicant's sign-in without WeChat (issue 26, item 10): the link asks which sign-in is live, an SMS code goes
 * to the applicant's phone, and that code opens a role-13 session bound to the phone (issue 25, item 1).
 */
export function registerApplicantSignInRoutes(app: App, deps: Deps) {
  const { db, config } = deps;
  const smsOpen = () => config.applicantSmsLogin;

  async function kindergarten(id: number) {
    const kg = await db
      .selectFrom("kindergartens")
      .select(["id", "name", "name_en", "city", "area", "address", "education_group_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!kg) throw notFound("auth.kindergartenNotFound");
    return kg;
  }

  app.openapi(
    createRoute({
      method: "get",
      path: "/token/applicant_sign_in",
      operationId: "admissionApplicantSignIn",
      tags,
      summary: "Which sign-in an applicant's link offers: WeChat's web authorisation (the local stand-in), an SMS code, or none",
      request: { query: applicantSignInQuerySchema },
      responses: jsonReply(z.any()),
    }),
    async (c) => {
      const kg = await kindergarten(c.req.valid("query").kindergartenId);
      const data: ApplicantSignIn = {
        kindergarten: { id: Number(kg.id), name: kg.name, nameEn: kg.name_en, address: [kg.city, kg.area, kg.address].filter(Boolean).join(" ") || null },
        // The console's link can use only the stand-in's web page; WeChat itself signs in from the mini-program.
        wechat: config.wechat.provider === "sandbox",
        sms: smsOpen(),
      };
      return ok(c, data);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/token/applicant_sms_code",
      operationId: "admissionApplicantSmsCode",
      tags,
      summary: "Send the applicant a sign-in code (6 digits, 5 minutes, one per minute per phone); 403 when SMS sign-in is closed",
      request: formBody(applicantSmsCodeFormSchema),
      responses: { ...jsonReply(z.null()), ...errorResponses([502]) },
    }),
    async (c) => {
      const { phone, kindergartenId } = c.req.valid("form");
      if (!smsOpen()) throw new ApiError(403, "applicant.smsClosed");
      await kindergarten(kindergartenId);
      await rateLimit(deps, c, "sms", phone);
      await sendCode(deps, phone, PURPOSE, langOf(c), true);
      return ok(c, null, "sms.sent");
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/token/login_applicant_sms",
      operationId: "loginApplicantSms",
      tags: ["token"],
      summary: "Admission applicant login with an SMS code (role 13): the session is bound to that phone",
      description:
        "The applicant's own user (never a staff or parent account of the same phone). Wrong or expired code: 422 on smsCode. 403 when SMS sign-in is closed.",
      request: formBody(applicantSmsLoginFormSchema),
      responses: jsonReply(tokenReplySchema),
    }),
    async (c) => {
      const form = c.req.valid("form");
      if (!smsOpen()) throw new ApiError(403, "applicant.smsClosed");
      await rateLimit(deps, c, "login", form.phone);
      const kg = await kindergarten(form.kindergartenId);
      await consumeCode(deps, form.phone, PURPOSE, form.smsCode);
      const session = await startApplicantSession(deps, langOf(c), {
        kindergarten: kg,
        phone: form.phone,
        name: t(langOf(c), "applicant.defaultName"),
        introducerId: form.introducerId,
        platform: "h5",
      });
      return ok(c, session, "auth.loginOk");
    },
  );
}
