import { randomInt } from "node:crypto";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql, type Kysely, type SqlBool } from "kysely";
import zhMenu from "@contract/locales/zh/menu.json";
import enMenu from "@contract/locales/en/menu.json";
import { aesDecrypt } from "@contract/crypto";
import { formatList } from "@contract/format";
import { isStrongPassword, passwordProblems } from "@contract/password-policy";
import { grantableRoles, passwordResetSchema, users } from "@contract/resources/users";
import type { App, AppEnv, Deps } from "@api/context";
import { nowIso } from "@api/db";
import { write, type Writer } from "@api/db/audit";
import type { Database } from "@api/db/schema";
import { refusingReferenced } from "@api/db/unique";
import { hashPassword } from "@api/auth/password";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { ApiError, fieldError, forbidden, idsOf, langOf, pathId, run } from "@api/http";
import type { Lang } from "@api/i18n";
import { assertInScope, scoped, userFilter, type Scope } from "@api/tenancy";
import { personReaches } from "@api/tenancy/reach";
import { levelOfRoles } from "@contract/person-reach";
import { ROLE_REACH, isRoleId, type RoleId } from "@contract/roles";
import { can } from "@contract/resource";
import { envelope, tokenHeader } from "../routes/common";
import { assertRowAllowed, defineMapping, errorResponses, fieldErrors, type Item } from "./engine";
import { idsDoc } from "./engine/openapi";
import { idParamDoc } from "./engine/openapi";
import { rt } from "./i18n";
import { booleanOf } from "@contract/boolean-words";

const ROLE_NAMES: Record<Lang, Record<string, string>> = { zh: zhMenu.role, en: enMenu.role };
export const roleName = (lang: Lang, id: number) => ROLE_NAMES[lang]?.[String(id)] ?? String(id);

/** Tokens of a user are revoked (password reset, deletion). */
async function revokeTokens(w: Writer, userId: number) {
  await w.trx.updateTable("tokens").set({ revoked_at: nowIso() }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}

/** A policy-compliant generated password (shown once to the administrator). */
export function generatePassword(): string {
  const sets = ["ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnpqrstuvwxyz", "23456789", "#@%&*!?"];
  for (;;) {
    const chars = sets.flatMap((set, i) => Array.from({ length: i === 3 ? 2 : 3 }, () => set[randomInt(set.length)]!));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const pw = chars.join("");
    if (isStrongPassword(pw)) return pw;
  }
}

/** Users: table `users` (+ group, kindergarten, class names), roles in `user_roles`; scope = api/tenancy userFilter. */
export const usersMapping = defineMapping({
  def: users,
  table: "users",
  alias: "u",
  from: (db) =>
    db
      .selectFrom("users as u")
      .leftJoin("kindergartens as k", "k.id", "u.kindergarten_id")
      .leftJoin("education_groups as g", "g.id", "u.education_group_id")
      .leftJoin("classes as c", "c.id", "u.class_id"),
  english: { educationGroupName: "g.name_en", kindergartenName: "k.name_en", className: "c.name_en" },
  columns: {
    id: "u.id",
    realName: "u.real_name",
    phone: "u.phone",
    gender: "u.gender",
    enabled: "u.enabled",
    email: "u.email",
    educationGroupId: "u.education_group_id",
    educationGroupName: "g.name",
    kindergartenId: "u.kindergarten_id",
    kindergartenName: "k.name",
    classId: "u.class_id",
    className: "c.name",
    defaultRoleId: "u.default_role_id",
    bonusPoints: "u.bonus_points",
    createdAt: "u.created_at",
    photoFileId: "u.photo_file_id",
  },
  kindergartenColumn: null,
  scopeFilter: (scope) => userFilter(scope, "u.id"),
  filterWhere: {
    roleId: (v) =>
      /^\d{1,2}$/.test(v) ? sql<SqlBool>`u.id in (select ur_f.user_id from user_roles ur_f where ur_f.role_id = ${Number(v)})` : sql<SqlBool>`1 = 0`,
  },
  writable: {
    realName: "real_name",
    phone: "phone",
    password: "password_hash",
    gender: "gender",
    enabled: "enabled",
    email: "email",
    educationGroupId: "education_group_id",
    kindergartenId: "kindergarten_id",
    classId: "class_id",
    defaultRoleId: "default_role_id",
    bonusPoints: "bonus_points",
  },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso(), must_reset_password: 0 }),
  // The record actions enable/disable (contract/resources/users.ts) answer the page's own messages.
  actionHooks: { enable: { doneKey: "usermgmt:users.messages.enabled" }, disable: { doneKey: "usermgmt:users.messages.disabled" } },
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async decorate(db, items: Item[], lang) {
      const rows = await db
        .selectFrom("user_roles")
        .select(["user_id", "role_id"])
        .where(
          "user_id",
          "in",
          items.map((i) => i.id),
        )
        .orderBy("role_id")
        .execute();
      const reaches = await personReaches(
        db as unknown as Kysely<Database>,
        items.map((i) => i.id),
      );
      for (const item of items) {
        const ids = rows.filter((r: { user_id: unknown }) => Number(r.user_id) === item.id).map((r: { role_id: unknown }) => Number(r.role_id));
        item.roleIds = ids;
        item.roleNames = ids.map((id: number) => roleName(lang, id));
        // The input of the row rule (contract/person-reach.ts): the API's `actions` and every row write read it.
        item.reach = reaches.get(item.id);
      }
    },
    async beforeWrite({ w, scope, lang }, { mode, values, existing }) {
      const trx = w.trx;
      const roleIds = [...new Set((values.roleIds as number[]) ?? [])];
      values.roleIds = roleIds;
      const mine = grantableRoles(scope.roleId) as number[];
      const refused = roleIds.filter((r) => !mine.includes(r));
      if (refused.length)
        throw fieldError("roleIds", "usermgmt:users.errors.roleNotGrantable", {
          roles: formatList(
            lang,
            refused.map((r) => roleName(lang, r)),
            "long",
          ),
        });

      // Kindergarten and group: a kindergarten admin's users live in her kindergarten; group roles choose one of
      // their group (or none: a group-level user); the super admin chooses any kindergarten, or a group.
      let kgId = (values.kindergartenId as number | null | undefined) ?? null;
      let groupId = (values.educationGroupId as number | null | undefined) ?? null;
      if (scope.reach === "kindergarten") {
        if (kgId != null && kgId !== scope.kindergartenId) throw fieldError("kindergartenId", "resources:common.errors.kindergartenNotInScope");
        kgId = scope.kindergartenId;
      }
      if (kgId != null) {
        const kg = await scoped
          .kindergartens(trx as unknown as Kysely<Database>, scope)
          .select(["id", "education_group_id"])
          .where("id", "=", kgId)
          .executeTakeFirst();
        if (!kg) throw fieldError("kindergartenId", "resources:common.errors.kindergartenNotInScope");
        groupId = Number(kg.education_group_id);
      } else if (scope.reach === "group") {
        groupId = scope.educationGroupId;
      } else if (groupId != null) {
        const g = await trx.selectFrom("education_groups").select("id").where("id", "=", groupId).executeTakeFirst();
        if (!g) throw fieldError("educationGroupId", "crud:validation.oneOf");
      }
      // Platform and group accounts are of no kindergarten (issue 25): kindergarten-scoped rules never reach them.
      if (roleIds.length && roleIds.every((r) => isRoleId(r) && ROLE_REACH[r] !== "kindergarten")) {
        kgId = null;
        if (levelOfRoles(roleIds) === "platform" && !roleIds.some((r) => ROLE_REACH[r as RoleId] === "group")) groupId = null;
        else if (groupId == null) throw fieldError("educationGroupId", "crud:validation.required");
      }
      values.kindergartenId = kgId;
      values.educationGroupId = groupId;

      const classId = (values.classId as number | null | undefined) ?? null;
      if (classId != null) {
        const cls = await trx
          .selectFrom("classes")
          .select("id")
          .where("id", "=", classId)
          .where("kindergarten_id", "=", kgId ?? -1)
          .executeTakeFirst();
        if (!cls) throw fieldError("classId", "usermgmt:users.errors.classNotInKindergarten");
      }

      const phone = String(values.phone);
      let dup = trx.selectFrom("users").select("id").where("phone", "=", phone);
      if (existing) dup = dup.where("id", "!=", existing.id);
      if (await dup.executeTakeFirst()) throw fieldError("phone", "usermgmt:users.errors.phoneTaken");

      if (existing && existing.id === scope.userId) {
        if (!values.enabled) throw fieldError("enabled", "usermgmt:users.errors.cannotDisableSelf");
        if (!roleIds.includes(scope.roleId)) throw fieldError("roleIds", "usermgmt:users.errors.cannotDropOwnRole");
      }
      values.bonusPoints = (values.bonusPoints as number | null | undefined) ?? 0;
      if (mode === "create") values.password = await hashPassword(String(values.password));
    },
    async afterWrite({ w, scope, deps }, { id, values, existing }) {
      // The photo (issue 10, "Files"): a new temporary upload of the writer moves to the main bucket; the old one goes.
      const photo = (values.photoFileId as number | null | undefined) ?? null;
      const old = existing?.photoFileId == null ? null : Number(existing.photoFileId);
      if (photo != null && photo !== old) {
        if (!(await deps.files.claim(w, photo, { userId: scope.userId, recordType: "users", recordId: id, kind: "image" })))
          throw fieldError("photoFileId", "upload.notUsable");
        await w.update("users", id, { photo_file_id: photo }, "photo");
        if (old != null) await deps.files.remove(w, old);
      }
      const wanted = (values.roleIds as number[]) ?? [];
      const current = await w.trx.selectFrom("user_roles").select(["id", "role_id"]).where("user_id", "=", id).execute();
      for (const row of current) if (!wanted.includes(Number(row.role_id))) await w.delete("user_roles", Number(row.id), "revokeRole");
      for (const roleId of wanted)
        if (!current.some((r) => Number(r.role_id) === roleId)) await w.insert("user_roles", { user_id: id, role_id: roleId }, "grantRole");
    },
    // The row rule (not oneself, only users she may manage) was checked by the engine (assertRowAllowed).
    async beforeDelete({ w }, item) {
      const trx = w.trx;
      await revokeTokens(w, item.id);
      // Dependent rows go first (audited), so that PostgreSQL's foreign keys hold.
      const deps: { table: "user_roles" | "class_teachers" | "principal_kindergartens" | "pro_teacher_kindergartens" | "bus_teachers"; col: "user_id" }[] = [
        { table: "user_roles", col: "user_id" },
        { table: "class_teachers", col: "user_id" },
        { table: "principal_kindergartens", col: "user_id" },
        { table: "pro_teacher_kindergartens", col: "user_id" },
        { table: "bus_teachers", col: "user_id" },
      ];
      for (const d of deps)
        for (const r of await trx.selectFrom(d.table).select("id").where(d.col, "=", item.id).execute()) await w.delete(d.table, Number(r.id), "unlink");
      for (const r of await trx
        .selectFrom("expert_teachers")
        .select("id")
        .where((eb) => eb.or([eb("expert_id", "=", item.id), eb("teacher_id", "=", item.id)]))
        .execute())
        await w.delete("expert_teachers", Number(r.id), "unlink");
      for (const r of await trx.selectFrom("student_parents").select("id").where("parent_id", "=", item.id).execute())
        await w.delete("student_parents", Number(r.id), "unlink");
      for (const r of await trx.selectFrom("parent_link_requests").select("id").where("parent_id", "=", item.id).execute())
        await w.delete("parent_link_requests", Number(r.id), "unlink");
      for (const r of await trx.selectFrom("doctor_students").select("id").where("doctor_id", "=", item.id).execute())
        await w.delete("doctor_students", Number(r.id), "unlink");
      await trx.updateTable("buses").set({ teacher1_id: null }).where("teacher1_id", "=", item.id).execute();
      await trx.updateTable("buses").set({ teacher2_id: null }).where("teacher2_id", "=", item.id).execute();
      await trx.deleteFrom("wechat_accounts").where("user_id", "=", item.id).execute();
      await trx.deleteFrom("tokens").where("user_id", "=", item.id).execute();
      // History that must stay (punch-in records, and whatever later sections add with a foreign key to users):
      // the user cannot be deleted, only disabled. Checked by deleting here (PostgreSQL enforces the keys).
      const history = await sql<{ n: number }>`select count(*) as n from punch_records where user_id = ${item.id}`.execute(trx).catch(() => null);
      if (Number(history?.rows[0]?.n ?? 0) > 0) throw new ApiError(409, "usermgmt:users.errors.hasHistory");
      await refusingReferenced(() => w.delete("users", item.id), "usermgmt:users.errors.hasHistory");
    },
  },
});

/**
 * Custom user routes (what the declaration cannot say), each with the page rule, the `change` role list,
 * tenancy (404 outside the scope) and the grant rule (403 for users holding roles beyond the caller's).
 * Enabling and disabling are the record actions `enable` / `disable` of the definition (`POST users/{id}/enable/`,
 * `users/{id}/disable/`, `users/bulk_enable/`, `users/bulk_disable/`, with history); the two `enabled` routes stay as
 * idempotent aliases (the console's list toggles post them with `enabled=true|false`), audited with the same action names:
 *   POST users/{id}/enabled/     form enabled=true|false          enable or disable one user (not oneself)
 *   POST users/bulk_enabled/     form ids (repeated or a,b,c), enabled   the same for several (all or nothing)
 *   POST users/{id}/password/    form password (AES, optional)    administrator's reset; empty = generated and
 *                                                                  returned once; the user's tokens are revoked
 */
export function registerUserRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, assertPage } = makeGuards(deps);
  const reply = (c: Context, data: unknown, key: string, params: Record<string, string | number> = {}) =>
    c.json({ code: 200 as const, msg: rt(langOf(c), key, params), data }, 200);
  async function guard(c: Context<AppEnv>) {
    const scope = scopeOf(c);
    await assertPage(scope, users.page);
    if (!can(users, "change", scope.roleId)) throw forbidden();
    return scope;
  }
  /** The user `id` within the scope (404 otherwise), and the row rule for `verb`: the person rule (api/tenancy/reach.ts). */
  async function target(scope: Scope, id: number, verb: "setEnabled" | "resetPassword", via: Kysely<Database> = db) {
    const row = await assertInScope.user(via, scope, id);
    assertRowAllowed(users, verb, { id, reach: (await personReaches(via, [id])).get(id) }, scope);
    return row;
  }
  const enabledOf = (v: unknown) => {
    const b = booleanOf(v);
    if (b === null) throw fieldErrors({ enabled: ["crud:validation.oneOf"] });
    return b;
  };
  const doc = (path: string, operationId: string, summary: string, body: z.ZodObject) =>
    app.openAPIRegistry.registerPath({
      method: "post",
      path,
      operationId,
      tags: ["users"],
      summary: `${summary} (page ${users.page})`,
      security: tokenHeader,
      request: {
        ...(path.includes("{id}") ? { params: idParamDoc } : {}),
        body: { required: true, content: { "application/x-www-form-urlencoded": { schema: body } } },
      },
      responses: {
        200: {
          description: "code 200; 403 roles beyond the caller's; 404 outside the scope; 422 per field",
          content: { "application/json": { schema: envelope(z.unknown()) } },
        },
        ...errorResponses(),
      },
    });

  doc(
    "/users/{id}/enabled/",
    "setUserEnabled",
    "Alias of the record actions enable/disable: enable or disable a user (not oneself)",
    z.object({ enabled: z.enum(["true", "false"]) }),
  );
  app.post(
    "/users/:id{[0-9]+}/enabled/",
    requireAuth,
    run(async (c) => {
      const scope = await guard(c);
      const id = pathId(c);
      const body = await c.req.parseBody();
      await target(scope, id, "setEnabled");
      const enabled = enabledOf(body.enabled);
      await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) =>
        w.update("users", id, { enabled: enabled ? 1 : 0, updated_at: nowIso() }, enabled ? "enable" : "disable"),
      );
      return reply(c, { id, enabled }, enabled ? "usermgmt:users.messages.enabled" : "usermgmt:users.messages.disabled", { count: 1 });
    }),
  );

  doc(
    "/users/bulk_enabled/",
    "bulkSetUsersEnabled",
    "Alias of bulk_enable/bulk_disable: enable or disable several users (all or nothing; never oneself)",
    z.object({ ids: idsDoc(), enabled: z.enum(["true", "false"]) }),
  );
  app.post(
    "/users/bulk_enabled/",
    requireAuth,
    run(async (c) => {
      const scope = await guard(c);
      const body = await c.req.parseBody({ all: true });
      const ids = idsOf(body.ids);
      if (!ids) throw fieldErrors({ ids: ["crud:validation.ids"] });
      const enabled = enabledOf(Array.isArray(body.enabled) ? body.enabled[0] : body.enabled);
      await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        for (const id of ids) {
          await target(scope, id, "setEnabled", w.trx as unknown as Kysely<Database>);
          await w.update("users", id, { enabled: enabled ? 1 : 0, updated_at: nowIso() }, enabled ? "enable" : "disable");
        }
      });
      return reply(c, { ids, enabled, count: ids.length }, enabled ? "usermgmt:users.messages.enabled" : "usermgmt:users.messages.disabled", {
        count: ids.length,
      });
    }),
  );

  doc(
    "/users/{id}/password/",
    "resetUserPassword",
    "Administrator's password reset (AES-encrypted password, or empty for a generated one returned once; revokes the user's tokens)",
    z.object({ password: z.string().optional() }),
  );
  app.post(
    "/users/:id{[0-9]+}/password/",
    requireAuth,
    run(async (c) => {
      const scope = await guard(c);
      const id = pathId(c);
      await target(scope, id, "resetPassword");
      const body = await c.req.parseBody();
      let password: string | undefined;
      if (typeof body.password === "string" && body.password !== "") {
        const plain = aesDecrypt(body.password, deps.config.aes);
        if (plain == null) throw fieldErrors({ password: ["validation.encrypted"] });
        const r = passwordResetSchema.safeParse({ password: plain });
        if (!r.success) throw fieldErrors({ password: passwordProblems(plain).map((p) => `validation.${p}`) });
        password = plain;
      }
      const generated = password ? null : generatePassword();
      const hash = await hashPassword(password ?? generated!);
      await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        await w.update("users", id, { password_hash: hash, must_reset_password: 0, updated_at: nowIso() }, "resetPassword");
        await revokeTokens(w, id);
      });
      return reply(c, { id, password: generated }, "usermgmt:users.messages.passwordReset");
    }),
  );
}
