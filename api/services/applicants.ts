import type { Deps } from "@api/context";
import type { Db } from "@api/db";
import { nowIso } from "@api/db";
import { SYSTEM_ACTOR, write, type Writer } from "@api/db/audit";
import { uniqueViolation } from "@api/db/unique";
import { forbidden } from "@api/http";
import type { Lang } from "@api/i18n";
import { UNUSABLE_PASSWORD } from "@api/auth/password";
import { issueToken } from "@api/auth/tokens";
import { buildUserInfo } from "@api/auth/user-info";
import { ROLE_REACH, Role, type RoleId } from "@contract/roles";

/**
 * Applicants (role 13) are their own users, found by the phone verified at sign-in (issue 25, item 8): a staff or
 * parent account with the same phone is never used, and never gets role 13. `users.phone` is unique, so the
 * applicant beside such an account holds the phone under a prefix no login form accepts.
 */
const aliasOf = (phone: string) => `applicant:${phone}`;

/** Roles of a kindergarten's own staff: they may introduce an applicant (not parents, applicants, group or platform roles). */
const INTRODUCER_ROLES = (Object.entries(ROLE_REACH) as [string, string][])
  .filter(([id, reach]) => reach === "kindergarten" && Number(id) !== Role.parent && Number(id) !== Role.applicant)
  .map(([id]) => Number(id) as RoleId);

/** `introducerId` of a link counts only for an enabled staff member of that kindergarten; anything else is ignored. */
export async function kindergartenIntroducer(db: Db, kindergartenId: number, introducerId: number | null | undefined): Promise<number | null> {
  if (introducerId == null) return null;
  const row = await db
    .selectFrom("users")
    .select("users.id")
    .where("users.id", "=", introducerId)
    .where("users.kindergarten_id", "=", kindergartenId)
    .where("users.enabled", "=", 1)
    .where("users.id", "in", (eb) => eb.selectFrom("user_roles").select("user_id").where("role_id", "in", INTRODUCER_ROLES))
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Whether the user holds role 13 and nothing else. */
async function applicantOnly(w: Writer, userId: number) {
  const roles = await w.trx.selectFrom("user_roles").select("role_id").where("user_id", "=", userId).execute();
  return roles.length > 0 && roles.every((r) => Number(r.role_id) === Role.applicant);
}

/**
 * The applicant user of a verified phone, created on first sign-in in the kindergarten of the link: the user
 * holding the phone when that user is an applicant only, else the applicant beside that account (aliased phone).
 */
export async function applicantUserFor(
  w: Writer,
  o: { phone: string; kindergartenId: number; educationGroupId: number; name: string; introducerId: number | null },
): Promise<number> {
  for (const phone of [o.phone, aliasOf(o.phone)]) {
    const user = await w.trx.selectFrom("users").select(["id", "enabled"]).where("phone", "=", phone).executeTakeFirst();
    if (!user) return create(w, { ...o, phone });
    if (await applicantOnly(w, user.id)) {
      if (!Number(user.enabled)) throw forbidden("auth.disabled");
      return user.id;
    }
  }
  throw forbidden("auth.disabled"); // the alias is held by a non-applicant: an administrator changed it by hand
}

async function create(w: Writer, o: { phone: string; kindergartenId: number; educationGroupId: number; name: string; introducerId: number | null }) {
  const now = nowIso();
  const id = await w.insert("users", {
    real_name: o.name,
    phone: o.phone,
    password_hash: UNUSABLE_PASSWORD,
    gender: null,
    enabled: 1,
    email: null,
    education_group_id: o.educationGroupId,
    kindergarten_id: o.kindergartenId,
    class_id: null,
    default_role_id: Role.applicant,
    bonus_points: 0,
    must_reset_password: 0,
    introducer_id: o.introducerId,
    created_at: now,
    updated_at: now,
  });
  await w.insert("user_roles", { user_id: id, role_id: Role.applicant });
  return id;
}

export interface ApplicantSignInData {
  kindergarten: { id: number; education_group_id: number };
  /** The phone WeChat or an SMS code verified: the session is bound to it. */
  phone: string;
  name: string;
  introducerId: number | null | undefined;
  platform: string;
  /** WeChat's account of a WeChat sign-in, linked to the applicant user. */
  wechat?: { openid: string; appId: string; nickname: string | null };
}

/**
 * Signs an applicant in: the applicant user of the verified phone (created on first sign-in), the WeChat account
 * linked to it, and a role-13 session bound to that phone. A race of two first sign-ins meets the unique phone:
 * the second one finds the user the first created.
 */
export async function startApplicantSession(deps: Deps, lang: Lang, o: ApplicantSignInData) {
  const kgId = Number(o.kindergarten.id);
  const introducerId = await kindergartenIntroducer(deps.db, kgId, o.introducerId);
  const attempt = () =>
    write(deps.db, SYSTEM_ACTOR, async (w) => {
      const userId = await applicantUserFor(w, {
        phone: o.phone,
        kindergartenId: kgId,
        educationGroupId: Number(o.kindergarten.education_group_id),
        name: o.name,
        introducerId,
      });
      if (o.wechat) await linkWechat(w, userId, o.wechat);
      const token = await issueToken(w, {
        userId,
        roleId: Role.applicant,
        kindergartenId: kgId,
        platform: o.platform,
        ttlSeconds: deps.config.tokenTtlSeconds,
        applicantOnly: true,
        verifiedPhone: o.phone,
      });
      return { userId, token };
    });
  let out: { userId: number; token: string };
  try {
    out = await attempt();
  } catch (e) {
    if (!uniqueViolation(e)) throw e;
    out = await attempt();
  }
  const info = await buildUserInfo(deps.db, out.userId, Role.applicant, kgId, lang);
  return { token: out.token, ...info, phone: o.phone, roles: [Role.applicant] };
}

async function linkWechat(w: Writer, userId: number, wx: { openid: string; appId: string; nickname: string | null }) {
  const acct = await w.trx.selectFrom("wechat_accounts").select("id").where("openid", "=", wx.openid).executeTakeFirst();
  if (acct) await w.update("wechat_accounts", acct.id, { user_id: userId, nickname: wx.nickname, app_id: wx.appId });
  else await w.insert("wechat_accounts", { openid: wx.openid, app_id: wx.appId, user_id: userId, nickname: wx.nickname, created_at: nowIso() });
}
