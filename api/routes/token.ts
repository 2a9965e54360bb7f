import { createRoute, z } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { tokenReplySchema, userInfoSchema, NEED_RESET_PASSWORD, PLATFORM_PC } from "@contract/api";
import { isStrongPassword } from "@contract/password-policy";
import { KINDERGARTEN_SWITCH_ROLES, Role, isRoleId, type RoleId } from "@contract/roles";
import { loginFormSchema, loginWechatFormSchema, platformFormSchema, stsReplySchema } from "@contract/entities/auth";
import type { App, Deps } from "@api/context";
import { write } from "@api/db/audit";
import { ApiError, forbidden, langOf, notFound, ok } from "@api/http";
import { t, type Lang } from "@api/i18n";
import { UNUSABLE_PASSWORD, verifyPassword } from "@api/auth/password";
import { isApplicantSession, issueToken, replaceToken, revokeToken, verifiedPhoneOf } from "@api/auth/tokens";
import { startApplicantSession } from "@api/services/applicants";
import { buildUserInfo, rolesOf } from "@api/auth/user-info";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { checkPassword } from "@api/auth/lockout";
import { rateLimit } from "@api/auth/rate-limit";
import { switchableKindergartens } from "@api/tenancy";
import { decryptField, formBody, idParam, jsonReply, tokenHeader } from "./common";
import { errorResponses } from "@api/resources/engine/openapi";
import { stsUploadQuerySchema, stsUploadSchema } from "@contract/files";
import { stsReply } from "@api/services/storage";
import { ClaimRefused } from "@api/services/storage/claims";
import { uploadRefusal } from "./files";

const tags = ["token"];

export function registerTokenRoutes(app: App, deps: Deps) {
  const { db, config } = deps;
  const { requireAuth } = makeGuards(deps);

  /**
   * Issues a token for (user, role, kindergarten) in one audited transaction. With `replaces` (a role or
   * kindergarten switch) the old token is revoked in the same transaction, only if still live (else 401), so
   * parallel switches with one token yield one new token.
   */
  async function newSession(
    lang: Lang,
    userId: number,
    roleId: RoleId,
    kindergartenId: number | null,
    platform: string,
    replaces?: number,
    applicantOnly = false,
    verifiedPhone: string | null = null,
  ) {
    const token = await write(db, { userId, roleId }, async (w) => {
      if (replaces != null) await replaceToken(w, replaces);
      return issueToken(w, { userId, roleId, kindergartenId, platform, ttlSeconds: config.tokenTtlSeconds, applicantOnly, verifiedPhone });
    });
    return { token, ...(await sessionInfo(lang, userId, roleId, kindergartenId, applicantOnly, verifiedPhone)) };
  }

  /**
   * UserInfo of a session; an applicant session lists role 13 only and names the phone verified at sign-in (the
   * applicant's user may hold it under a prefix, services/applicants.ts).
   */
  async function sessionInfo(lang: Lang, userId: number, roleId: RoleId, kindergartenId: number | null, applicantOnly: boolean, verifiedPhone: string | null) {
    const info = await buildUserInfo(db, userId, roleId, kindergartenId, lang);
    return applicantOnly ? { ...info, phone: verifiedPhone ?? info.phone, roles: [Role.applicant] } : info;
  }

  app.openapi(
    createRoute({
      method: "post",
      path: "/token/login",
      operationId: "login",
      tags,
      summary: "Log in with phone and AES-encrypted password",
      description: `Phone is trimmed. Wrong credentials: 400. 5 failures within 15 minutes lock the phone for 15 minutes: 423 (guesses past the 5th are not checked). Too many requests per phone or client address: 429. Disabled user: 403. A correct password that breaks the password policy: code 400, msg "${NEED_RESET_PASSWORD}".`,
      request: formBody(loginFormSchema),
      responses: { ...jsonReply(tokenReplySchema), ...errorResponses([423]) },
    }),
    async (c) => {
      const form = c.req.valid("form");
      const phone = form.phone.trim();
      await rateLimit(deps, c, "login", phone);
      const password = decryptField(deps, "password", form.password);
      const user = await db
        .selectFrom("users")
        .select(["id", "password_hash", "enabled", "default_role_id", "kindergarten_id", "must_reset_password"])
        .where("phone", "=", phone)
        .executeTakeFirst();
      // An unknown phone is checked against an unusable hash: same time, same answer.
      await checkPassword(deps, phone, async () => (await verifyPassword(password, user?.password_hash ?? UNUSABLE_PASSWORD)) && !!user);
      if (!user) throw new ApiError(400, "auth.wrongCredentials");
      if (!Number(user.enabled)) throw forbidden("auth.disabled");
      if (!isStrongPassword(password) || Number(user.must_reset_password)) throw new ApiError(400, "auth.needReset", {}, null, NEED_RESET_PASSWORD);
      const roles = await rolesOf(db, user.id, user.default_role_id);
      if (!roles.length) throw forbidden("auth.noRole");
      return ok(c, await newSession(langOf(c), user.id, roles[0], user.kindergarten_id, form.platform || PLATFORM_PC), "auth.loginOk");
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/token/logout",
      operationId: "logout",
      tags,
      summary: "Revoke the current token",
      security: tokenHeader,
      middleware: [requireAuth] as const,
      responses: jsonReply(z.null()),
    }),
    async (c) => {
      const scope = scopeOf(c);
      await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) => revokeToken(w, scope.tokenId));
      return ok(c, null, "auth.loggedOut");
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/token/info",
      operationId: "getTokenInfo",
      tags,
      summary: "User info of the current token (roleId, roles, kindergartenId, educationGroupId, optionalFunction)",
      description:
        "Answers with an ETag over the reply (roles, enabled state, kindergarten, optional functions, names in the language asked). A client that keeps the info revalidates with If-None-Match on every use: 304 (no body) while nothing changed, so a change is seen at the very next request.",
      security: tokenHeader,
      // After requireAuth: a revoked token is a 401, never a 304 of an old copy.
      middleware: [requireAuth, etag()] as const,
      request: { headers: z.object({ "if-none-match": z.string().optional().openapi({ description: "The ETag of the info the client keeps" }) }) },
      responses: { ...jsonReply(userInfoSchema), 304: { description: "Not modified: the kept info (its ETag in If-None-Match) is current" } },
    }),
    async (c) => {
      const s = scopeOf(c);
      const applicantOnly = await isApplicantSession(db, s.tokenId);
      return ok(c, await sessionInfo(langOf(c), s.userId, s.roleId, s.kindergartenId, applicantOnly, await verifiedPhoneOf(db, s.tokenId)));
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/token/role/{id}",
      operationId: "switchRole",
      tags,
      summary: "Switch the current role: a new token (the old one is revoked)",
      description: "Only a role the user has (else 403); a WeChat applicant session only role 13 (else 403).",
      security: tokenHeader,
      middleware: [requireAuth] as const,
      request: { params: idParam, ...formBody(platformFormSchema) },
      responses: jsonReply(tokenReplySchema),
    }),
    async (c) => {
      const s = scopeOf(c);
      const { id } = c.req.valid("param");
      const applicantOnly = await isApplicantSession(db, s.tokenId);
      if (applicantOnly && id !== Role.applicant) throw forbidden("auth.applicantSession");
      const verifiedPhone = applicantOnly ? await verifiedPhoneOf(db, s.tokenId) : null;
      const roles = await rolesOf(db, s.userId);
      if (!isRoleId(id) || !roles.includes(id)) throw forbidden("auth.roleNotOwned");
      const user = await db.selectFrom("users").select("kindergarten_id").where("id", "=", s.userId).executeTakeFirstOrThrow();
      // Keep the current kindergarten only when the new role may be there; otherwise back to the user's own.
      let kg = user.kindergarten_id;
      if (KINDERGARTEN_SWITCH_ROLES.includes(id) && s.kindergartenId != null) {
        const allowed = await switchableKindergartens(db, s.userId, id);
        if (allowed.some((k) => k.id === s.kindergartenId)) kg = s.kindergartenId;
      }
      const platform = c.req.valid("form").platform || PLATFORM_PC;
      return ok(c, await newSession(langOf(c), s.userId, id, kg, platform, s.tokenId, applicantOnly, verifiedPhone));
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/token/kindergarten/{id}",
      operationId: "switchKindergarten",
      tags,
      summary: "Switch the current kindergarten (roles 1 and 11 only): a new token",
      description: "Only the user's own kindergarten or one bound to him (principal–kindergarten for role 1, subject teacher–kindergarten for role 11).",
      security: tokenHeader,
      middleware: [requireAuth] as const,
      request: { params: idParam, query: z.object({ platform: z.string().optional() }) },
      responses: jsonReply(tokenReplySchema),
    }),
    async (c) => {
      const s = scopeOf(c);
      const { id } = c.req.valid("param");
      if (await isApplicantSession(db, s.tokenId)) throw forbidden("auth.applicantSession");
      if (!KINDERGARTEN_SWITCH_ROLES.includes(s.roleId)) throw forbidden("auth.kindergartenSwitchRole");
      const allowed = await switchableKindergartens(db, s.userId, s.roleId);
      if (!allowed.some((k) => k.id === id)) throw forbidden("auth.kindergartenNotBound");
      const platform = c.req.valid("query").platform || PLATFORM_PC;
      return ok(c, await newSession(langOf(c), s.userId, s.roleId, id, platform, s.tokenId));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/token/sts",
      operationId: "getStsCredentials",
      tags,
      summary: "Temporary upload credentials and a direct-upload target in the temporary bucket (section 7)",
      description:
        "Clients write only to the temporary bucket (`bucket=main`: 422). Local storage: credentials for PUT uploads/temp/{key} with header x-security-token (keys under `prefix`, each key once). With `kind` (or `fileName`), `upload` is a direct-upload target in the temporary bucket: a signed, expiring URL for one PUT (local: on this API; STORAGE=s3: presigned by the object store, whose credentials are not handed out). After the PUT, POST files/?kind= with form `key` (once) checks the content and keeps a checked copy as a temporary file; saving the record that uses it moves it to the main bucket; the clean-up removes temporary files older than a day and keys never registered. Each key counts towards the caller's quota of temporary uploads until it is registered or removed: past it, 429.",
      security: tokenHeader,
      middleware: [requireAuth] as const,
      request: { query: stsUploadQuerySchema },
      responses: jsonReply(stsReplySchema.extend({ upload: stsUploadSchema.optional() })),
    }),
    async (c) => {
      const s = scopeOf(c);
      const q = c.req.valid("query");
      const baseUrl = new URL("/", c.req.url).toString();
      try {
        return ok(c, await stsReply(deps, { userId: s.userId, bucket: "temp", baseUrl, kind: q.kind, fileName: q.fileName }));
      } catch (e) {
        if (e instanceof ClaimRefused) throw uploadRefusal(c, deps, e, q.kind);
        throw e;
      }
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/token/login_wechat",
      operationId: "loginWechat",
      tags,
      summary: "Admission applicant login through WeChat (role 13)",
      description:
        'code comes from WeChat (WECHAT_PROVIDER=wechat: the mini-program\'s code for jscode2session; encryptedData and iv its phone-number payload, decrypted with the session key) or from the demo stand-in (WECHAT_PROVIDER=sandbox: GET wechat-sandbox/authorize; encryptedData is the JSON {"phoneNumber": "…"} under the static AES key/iv of section 9). 503 when WeChat login is not configured. The session holds role 13 only, even when the phone belongs to a staff account: it cannot switch role or kindergarten (403).',
      request: formBody(loginWechatFormSchema),
      responses: { ...jsonReply(tokenReplySchema), ...errorResponses([502]) },
    }),
    async (c) => {
      const form = c.req.valid("form");
      const kg = await db.selectFrom("kindergartens").select(["id", "education_group_id"]).where("id", "=", form.kindergartenId).executeTakeFirst();
      if (!kg) throw notFound("auth.kindergartenNotFound");
      const identity = await deps.wechat.exchangeCode(form.appId, form.code);
      if (!identity) throw new ApiError(400, "wechat.invalidCode");
      const phone = await deps.wechat.decryptPhone(form.encryptedData, form.iv, identity);
      if (!phone) throw new ApiError(400, "wechat.invalidData");
      const session = await startApplicantSession(deps, langOf(c), {
        kindergarten: kg,
        phone,
        name: identity.nickname || t(langOf(c), "wechat.defaultName"),
        introducerId: form.introducerId,
        platform: "wechat",
        wechat: { openid: identity.openid, appId: form.appId, nickname: identity.nickname || null },
      });
      return ok(c, session, "auth.loginOk");
    },
  );
}
