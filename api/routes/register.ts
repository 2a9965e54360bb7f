import { createRoute, z } from "@hono/zod-openapi";
import { pageSchema } from "@contract/api";
import { passwordProblems } from "@contract/password-policy";
import { Role } from "@contract/roles";
import {
  forgotPasswordFormSchema,
  registerClassItemSchema,
  registerFormSchema,
  registrationCodeQuerySchema,
  resetPasswordFormSchema,
  smsCodeFormSchema,
} from "@contract/entities/auth";
import { kindergartenItemSchema } from "@contract/api";
import type { App, Deps } from "@api/context";
import { write } from "@api/db/audit";
import { nowIso } from "@api/db";
import { ApiError, fieldError, langOf, notFound, ok } from "@api/http";
import { hashPassword, verifyPassword, UNUSABLE_PASSWORD } from "@api/auth/password";
import { revokeAllTokens } from "@api/auth/tokens";
import { checkPassword, recordSuccess } from "@api/auth/lockout";
import { rateLimit } from "@api/auth/rate-limit";
import { uniqueViolation } from "@api/db/unique";
import { t, type Lang } from "@api/i18n";
import { consumeCode, sendCode } from "@api/services/sms-codes";
import { decryptField, formBody, jsonReply } from "./common";
import { errorResponses } from "@api/resources/engine/openapi";
import { childrenNamed, linkOrRequest, registerParentLinkRoutes } from "./register-parent";

/** 422 with every password-policy problem on `field` (keys of validation.password.*). */
function assertStrong(field: string, pw: string) {
  const problems = passwordProblems(pw);
  if (problems.length) throw new ApiError(422, "error.validation", {}, { errors: { [field]: problems.map((p) => ({ key: "validation." + p })) } });
}

/** 409 "phone taken", also as the phone field's error (the form shows it there). */
const phoneTaken = (lang: Lang) => new ApiError(409, "register.phoneTaken", {}, { errors: { phone: [t(lang, "register.phoneTaken")] } });

export function registerRegistrationRoutes(app: App, deps: Deps) {
  const { db } = deps;
  registerParentLinkRoutes(app, deps);

  async function kindergartenByCode(code: string) {
    const kg = await db
      .selectFrom("kindergartens")
      .select(["id", "name", "education_group_id"])
      .where("registration_code", "=", code.trim())
      .executeTakeFirst();
    if (!kg) throw notFound("register.codeNotFound");
    return kg;
  }

  app.openapi(
    createRoute({
      method: "get",
      path: "/register/kindergarten",
      operationId: "listRegistrationKindergartens",
      tags: ["registration"],
      summary: "The kindergarten of a registration code",
      request: { query: registrationCodeQuerySchema },
      responses: jsonReply(kindergartenItemSchema),
    }),
    async (c) => {
      const kg = await kindergartenByCode(c.req.valid("query").registrationCode);
      return ok(c, { id: Number(kg.id), kindergartenName: kg.name });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/register/classes",
      operationId: "listRegistrationClasses",
      tags: ["registration"],
      summary: "The class list of the kindergarten of a registration code",
      request: { query: registrationCodeQuerySchema },
      responses: jsonReply(pageSchema(registerClassItemSchema)),
    }),
    async (c) => {
      const kg = await kindergartenByCode(c.req.valid("query").registrationCode);
      const rows = await db.selectFrom("classes").select(["id", "name", "name_en", "level"]).where("kindergarten_id", "=", kg.id).orderBy("id").execute();
      const list = rows.map((r) => ({ id: Number(r.id), name: r.name, nameEn: r.name_en, level: r.level }));
      return ok(c, { list, total: list.length, currentPage: 1, pageSize: Math.max(1, list.length) });
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/sms/code",
      operationId: "sendSmsCode",
      tags: ["registration"],
      summary: "Send a 6-digit SMS code (valid 5 minutes; one per minute per phone)",
      description:
        "purpose register or forgot. For forgot, an unknown phone gets the same answer but no message. 502 when the SMS provider fails (that code is void).",
      request: formBody(smsCodeFormSchema),
      responses: { ...jsonReply(z.null()), ...errorResponses([502]) },
    }),
    async (c) => {
      const { phone, purpose } = c.req.valid("form");
      await rateLimit(deps, c, "sms", phone);
      let deliver = true;
      if (purpose === "forgot") deliver = !!(await db.selectFrom("users").select("id").where("phone", "=", phone).executeTakeFirst());
      await sendCode(deps, phone, purpose, langOf(c), deliver);
      return ok(c, null, "sms.sent");
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/register",
      operationId: "register",
      tags: ["registration"],
      summary: "Register as a parent (role 4) or a teacher (role 3, disabled until a kindergarten admin enables it)",
      description:
        "A parent is bound to the named child of the class at once only when the phone is one of the child's guardian phones on record " +
        "(linked: true); otherwise a request waits for the class teacher or the kindergarten admin (linked: false, students/parent_requests/). " +
        "Until the SMS code is checked every refusal is the code's: nothing tells whether a child or a phone exists.",
      request: formBody(registerFormSchema),
      responses: jsonReply(z.object({ userId: z.number().int(), enabled: z.boolean(), linked: z.boolean() })),
    }),
    async (c) => {
      const form = c.req.valid("form");
      await rateLimit(deps, c, "register", form.phone);
      const kg = await kindergartenByCode(form.registrationCode);
      const cls = await db.selectFrom("classes").select(["id"]).where("id", "=", form.classId).where("kindergarten_id", "=", kg.id).executeTakeFirst();
      if (!cls) throw fieldError("classId", "register.classNotFound");
      const password = decryptField(deps, "password", form.password);
      assertStrong("password", password);
      // Everything below answers only the owner of the phone.
      await consumeCode(deps, form.phone, "register", form.smsCode);
      if (await db.selectFrom("users").select("id").where("phone", "=", form.phone).executeTakeFirst()) throw phoneTaken(langOf(c));
      const isParent = form.role === Role.parent;
      const children = isParent ? await childrenNamed(db, cls.id, form.childName) : [];
      const hash = await hashPassword(password);
      const { userId, outcome } = await write(db, { userId: null, roleId: form.role }, async (w) => {
        const now = nowIso();
        const id = await w.insert(
          "users",
          {
            real_name: form.realName,
            phone: form.phone,
            password_hash: hash,
            gender: form.gender ?? null,
            enabled: isParent ? 1 : 0,
            email: form.email ?? null,
            education_group_id: kg.education_group_id,
            kindergarten_id: kg.id,
            class_id: cls.id,
            default_role_id: form.role,
            bonus_points: 0,
            must_reset_password: 0,
            introducer_id: null,
            created_at: now,
            updated_at: now,
          },
          "register",
        );
        await w.insert("user_roles", { user_id: id, role_id: form.role });
        if (!isParent) {
          await w.insert("class_teachers", { class_id: cls.id, user_id: id });
          return { userId: id, outcome: null };
        }
        return { userId: id, outcome: await linkOrRequest(w, { parentId: id, classId: cls.id, phone: form.phone, children }) };
      }).catch((e: unknown) => {
        // Two registrations of one phone at once: the loser meets the unique index on users.phone.
        if (uniqueViolation(e)) throw phoneTaken(langOf(c));
        throw e;
      });
      const msg = !isParent ? "register.teacherOk" : outcome === "linked" ? "register.parentOk" : "register.parentPending";
      return ok(c, { userId, enabled: isParent, linked: outcome === "linked" }, msg);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/password/forgot",
      operationId: "forgotPassword",
      tags: ["registration"],
      summary: "Set a new password with an SMS code (purpose forgot); every token of the user is revoked",
      request: formBody(forgotPasswordFormSchema),
      responses: jsonReply(z.null()),
    }),
    async (c) => {
      const form = c.req.valid("form");
      // Limited like login: each request is a guess at an SMS code.
      await rateLimit(deps, c, "login", form.phone.trim());
      const password = decryptField(deps, "password", form.password);
      assertStrong("password", password);
      const user = await db.selectFrom("users").select(["id"]).where("phone", "=", form.phone).executeTakeFirst();
      if (!user) throw new ApiError(422, "sms.invalidCode", {}, { errors: { smsCode: [{ key: "sms.invalidCode" }] } });
      await consumeCode(deps, form.phone, "forgot", form.smsCode);
      const hash = await hashPassword(password);
      await write(db, { userId: user.id, roleId: null }, async (w) => {
        await w.update("users", user.id, { password_hash: hash, must_reset_password: 0, updated_at: nowIso() }, "forgot_password");
        await revokeAllTokens(w, user.id);
      });
      await recordSuccess(deps, form.phone);
      return ok(c, null, "auth.passwordChanged");
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/password/reset",
      operationId: "resetPassword",
      tags: ["registration"],
      summary: 'Forced reset after "Need Reset Password": phone, old and new password (both encrypted)',
      description: "Wrong old passwords count toward the login lockout (423 once the phone is locked).",
      request: formBody(resetPasswordFormSchema),
      responses: { ...jsonReply(z.null()), ...errorResponses([423]) },
    }),
    async (c) => {
      const form = c.req.valid("form");
      const phone = form.phone.trim();
      await rateLimit(deps, c, "login", phone);
      const oldPw = decryptField(deps, "oldPassword", form.oldPassword);
      const newPw = decryptField(deps, "password", form.password);
      const user = await db.selectFrom("users").select(["id", "password_hash", "enabled"]).where("phone", "=", phone).executeTakeFirst();
      await checkPassword(deps, phone, async () => (await verifyPassword(oldPw, user?.password_hash ?? UNUSABLE_PASSWORD)) && !!user);
      if (!user) throw new ApiError(400, "auth.wrongCredentials");
      assertStrong("password", newPw);
      if (newPw === oldPw) throw fieldError("password", "auth.samePassword");
      const hash = await hashPassword(newPw);
      await write(db, { userId: user.id, roleId: null }, async (w) => {
        await w.update("users", user.id, { password_hash: hash, must_reset_password: 0, updated_at: nowIso() }, "reset_password");
        await revokeAllTokens(w, user.id);
      });
      return ok(c, null, "auth.passwordChanged");
    },
  );
}
