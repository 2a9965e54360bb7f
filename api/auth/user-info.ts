import { DEFAULT_OPTIONAL_FUNCTION, FLAGS, type OptionalFunction } from "@contract/optional-function";
import { ROLE_REACH, isRoleId, type RoleId } from "@contract/roles";
import type { UserInfo } from "@contract/api";
import { localName } from "@contract/format";
import type { Lang } from "@contract/settings";
import type { Db } from "@api/db";
import { groupIdFor } from "@api/tenancy";

/** optionalFunction of a kindergarten (defaults when it has no row yet), or null without a kindergarten. */
export async function loadOptionalFunction(db: Db, kindergartenId: number | null): Promise<OptionalFunction | null> {
  if (kindergartenId == null) return null;
  const row = await db.selectFrom("optional_functions").selectAll().where("kindergarten_id", "=", kindergartenId).executeTakeFirst();
  if (!row) return { ...DEFAULT_OPTIONAL_FUNCTION };
  const of: OptionalFunction = { ...DEFAULT_OPTIONAL_FUNCTION };
  for (const f of FLAGS) of[f] = Boolean(Number(row[f]));
  of.isUploadOriginalImage = Boolean(Number(row.isUploadOriginalImage));
  of.isShowMonitoring = Boolean(Number(row.isShowMonitoring));
  of.isShowObservationAnalysis = Boolean(Number(row.isShowObservationAnalysis));
  of.teachingRecordLimit = Number(row.teachingRecordLimit);
  of.classCirclePostLimit = Number(row.classCirclePostLimit);
  of.videoLengthSeconds = Number(row.videoLengthSeconds);
  of.assistantSessionCount = Number(row.assistantSessionCount);
  return of;
}

/** The user's roles, default role first, then ascending. */
export async function rolesOf(db: Db, userId: number, defaultRoleId?: number): Promise<RoleId[]> {
  const rows = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", userId).orderBy("role_id").execute();
  const roles = rows.map((r) => Number(r.role_id)).filter(isRoleId);
  if (defaultRoleId != null && roles.includes(defaultRoleId as RoleId)) return [defaultRoleId as RoleId, ...roles.filter((r) => r !== defaultRoleId)];
  return roles;
}

/** UserInfo of section 3 for a session (user, current role, current kindergarten). */
/** The user info of a session; kindergarten and group names in the reader's language. */
export async function buildUserInfo(db: Db, userId: number, roleId: RoleId, kindergartenId: number | null, lang: Lang): Promise<UserInfo> {
  const user = await db
    .selectFrom("users")
    .select(["id", "real_name", "phone", "education_group_id", "default_role_id"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const kg =
    kindergartenId == null
      ? undefined
      : await db.selectFrom("kindergartens").select(["id", "name", "name_en", "education_group_id"]).where("id", "=", kindergartenId).executeTakeFirst();
  const groupId = groupIdFor(ROLE_REACH[roleId], user.education_group_id, kg?.education_group_id ?? null);
  const group =
    groupId == null ? undefined : await db.selectFrom("education_groups").select(["id", "name", "name_en"]).where("id", "=", groupId).executeTakeFirst();
  return {
    userId: Number(user.id),
    realName: user.real_name,
    phone: user.phone,
    roleId,
    roles: await rolesOf(db, userId, Number(user.default_role_id)),
    kindergartenId: kg ? Number(kg.id) : null,
    kindergartenName: kg ? localName(lang, kg.name, kg.name_en) : null,
    educationGroupId: groupId,
    educationGroupName: group ? localName(lang, group.name, group.name_en) : null,
    optionalFunction: await loadOptionalFunction(db, kg ? Number(kg.id) : null),
  };
}
