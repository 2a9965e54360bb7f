import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql, type Kysely } from "kysely";
import { can } from "@contract/resource";
import { pushNotifications, splitPhones } from "@contract/resources/push-notifications";
import type { App, AppEnv, Deps } from "@api/context";
import { nowIso } from "@api/db";
import { write } from "@api/db/audit";
import type { Database } from "@api/db/schema";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { ApiError, fieldError, forbidden, langOf, notFound, pathId } from "@api/http";
import { kindergartenFilter, userFilter, type Scope } from "@api/tenancy";
import { pushProvider } from "@api/services/push";
import { envelope, tokenHeader } from "../routes/common";
import { assertRowAllowed, defineMapping, type Item } from "./engine";
import { rt } from "./i18n";

const parseIds = (v: unknown): number[] => {
  try {
    const a = JSON.parse(String(v ?? "[]"));
    return Array.isArray(a) ? a.map(Number).filter(Number.isInteger) : [];
  } catch {
    return [];
  }
};

/** Users the phones name, among those the caller may see. */
async function usersByPhone(db: Kysely<Database>, scope: Scope, phones: string[]) {
  if (!phones.length) return [];
  return db.selectFrom("users").select(["id", "phone"]).where("phone", "in", phones).where(userFilter(scope, "users.id")).execute();
}

/** The enabled recipients of a notification: (chosen roles AND chosen kindergartens, either empty = any) ∪ persons; within the scope. */
export async function resolveRecipients(db: Kysely<Database>, scope: Scope, n: { roleIds: number[]; kindergartenIds: number[]; phones: string[] }): Promise<number[]> {
  const ids = new Set<number>();
  if (n.roleIds.length || n.kindergartenIds.length) {
    let qb = db.selectFrom("users").select("users.id").where("users.enabled", "=", 1).where(userFilter(scope, "users.id"));
    if (n.roleIds.length) qb = qb.where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "in", n.roleIds));
    if (n.kindergartenIds.length) qb = qb.where("users.kindergarten_id", "in", n.kindergartenIds);
    for (const r of await qb.execute()) ids.add(Number(r.id));
  }
  for (const u of await usersByPhone(db, scope, n.phones)) ids.add(Number(u.id));
  if (!ids.size) return [];
  const enabled = await db.selectFrom("users").select("id").where("id", "in", [...ids]).where("enabled", "=", 1).execute();
  return enabled.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Push notifications: table `push_notifications` (role 6 only; drafts change, sent ones are history). */
export const pushNotificationsMapping = defineMapping({
  def: pushNotifications,
  table: "push_notifications",
  alias: "pn",
  from: (db) => db.selectFrom("push_notifications as pn"),
  columns: {
    id: "pn.id",
    title: "pn.title",
    content: "pn.content",
    roleIds: "pn.role_ids",
    kindergartenIds: "pn.kindergarten_ids",
    phones: "pn.phones",
    status: "pn.status",
    recipientCount: "pn.recipient_count",
    createdAt: "pn.created_at",
    sentAt: "pn.sent_at",
  },
  kindergartenColumn: null,
  writable: { title: "title", content: "content", roleIds: "role_ids", kindergartenIds: "kindergarten_ids", phones: "phones" },
  onCreate: () => ({ status: "draft", recipient_count: 0, created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    decorate(_db, items: Item[]) {
      for (const item of items) {
        item.roleIds = parseIds(item.roleIds);
        item.kindergartenIds = parseIds(item.kindergartenIds);
      }
    },
    // Only drafts change: the row rule (contract rowRule), checked by the engine before this hook.
    async beforeWrite({ w, scope }, { values }) {
      const db = w.trx as unknown as Kysely<Database>;
      const kgIds = [...new Set((values.kindergartenIds as number[]) ?? [])];
      if (kgIds.length) {
        const found = await db.selectFrom("kindergartens").select("id").where("id", "in", kgIds).where(kindergartenFilter(scope, "kindergartens.id")).execute();
        if (found.length !== kgIds.length) throw fieldError("kindergartenIds", "resources:common.errors.kindergartenNotInScope");
      }
      const phones = splitPhones(values.phones as string | null);
      const known = new Set((await usersByPhone(db, scope, phones)).map((u) => u.phone));
      const unknown = phones.filter((p) => !known.has(p));
      if (unknown.length) throw fieldError("phones", "usermgmt:pushNotifications.errors.phoneUnknown", { phones: unknown.join(", ") });
      values.roleIds = JSON.stringify([...new Set((values.roleIds as number[]) ?? [])].sort((a, b) => a - b));
      values.kindergartenIds = JSON.stringify(kgIds.sort((a, b) => a - b));
      values.phones = phones.length ? phones.join("\n") : null;
    },
  },
});

/**
 * `POST users/push/{id}/send/`: sends a saved draft. Refuses (422, field-level) without recipients
 * ("select recipients") or content ("enter content"); 409 when already sent; 404 for an unknown id
 * ("save a draft first": only a saved draft can be sent). Writes one delivery per recipient through the
 * PushProvider and marks the notification sent, in one audited transaction.
 */
export function registerPushRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, assertPage } = makeGuards(deps);
  const fail = (c: Context, e: unknown) => {
    if (!(e instanceof ApiError)) throw e;
    const lang = langOf(c);
    let data = e.data;
    if (data && typeof data === "object" && "errors" in data) {
      const errors: Record<string, string[]> = {};
      for (const [f, list] of Object.entries((data as { errors: Record<string, unknown[]> }).errors))
        errors[f] = list.map((m) => (typeof m === "string" ? rt(lang, m) : rt(lang, (m as { key: string }).key, (m as { params?: Record<string, string | number> }).params)));
      data = { ...(data as object), errors };
    }
    const msg = e.raw ?? (e.status === 422 && data && typeof data === "object" && "errors" in data ? Object.values((data as { errors: Record<string, string[]> }).errors).flat()[0] : undefined) ?? rt(lang, e.key, e.params);
    return c.json({ code: e.status, msg, data }, e.status);
  };
  app.openAPIRegistry.registerPath({
    method: "post",
    path: "/users/push/{id}/send/",
    tags: ["pushNotifications"],
    summary: "Send a saved draft (page /user/push, role 6): 422 without recipients or content, 409 when already sent, 404 unknown (save a draft first)",
    security: tokenHeader,
    request: { params: z.object({ id: z.number().int().openapi({ param: { name: "id", in: "path" }, example: 1 }) }) },
    responses: { 200: { description: "code 200, data {id, recipientCount, sentAt}", content: { "application/json": { schema: envelope(z.object({ id: z.number().int(), recipientCount: z.number().int(), sentAt: z.string() })) } } } },
  });
  app.post("/users/push/:id{[0-9]+}/send/", requireAuth, async (c: Context<AppEnv>) => {
    try {
      const scope = scopeOf(c);
      await assertPage(scope, pushNotifications.page);
      if (!can(pushNotifications, "change", scope.roleId)) throw forbidden();
      const id = pathId(c);
      const sentAt = nowIso();
      const count = await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        const trx = w.trx as unknown as Kysely<Database>;
        const n = await trx.selectFrom("push_notifications").selectAll().where("id", "=", id).executeTakeFirst();
        if (!n) throw notFound("usermgmt:pushNotifications.errors.saveDraftFirst");
        assertRowAllowed(pushNotifications, "send", { id: n.id, status: n.status }, scope);
        const roleIds = parseIds(n.role_ids);
        const kindergartenIds = parseIds(n.kindergarten_ids);
        const phones = splitPhones(n.phones);
        const errors: Record<string, string[]> = {};
        if (!roleIds.length && !kindergartenIds.length && !phones.length) errors.roleIds = ["usermgmt:pushNotifications.errors.selectRecipients"];
        if (!n.content || !n.content.trim()) errors.content = ["usermgmt:pushNotifications.errors.enterContent"];
        if (Object.keys(errors).length) throw new ApiError(422, "error.validation", {}, { errors });
        const recipients = await resolveRecipients(trx, scope, { roleIds, kindergartenIds, phones });
        if (!recipients.length) throw new ApiError(422, "error.validation", {}, { errors: { roleIds: ["usermgmt:pushNotifications.errors.noRecipients"] } });
        const delivered = await pushProvider().send(w.trx, { notificationId: id, title: n.title, content: n.content! }, recipients);
        await w.update("push_notifications", id, { status: "sent", recipient_count: delivered, sent_at: sentAt, updated_at: sentAt }, "send");
        return delivered;
      });
      return c.json({ code: 200 as const, msg: rt(langOf(c), "usermgmt:pushNotifications.messages.sent", { count }), data: { id, recipientCount: count, sentAt } }, 200);
    } catch (e) {
      return fail(c, e);
    }
  });
  void sql;
}
