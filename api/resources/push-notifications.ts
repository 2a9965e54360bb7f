import type { Kysely } from "kysely";
import { pushNotifications, splitPhones } from "@contract/resources/push-notifications";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { fieldError } from "@api/http";
import { kindergartenFilter, userFilter, type Scope } from "@api/tenancy";
import { pushProvider } from "@api/services/push";
import { defineMapping, fieldErrors, type ActionHook, type Item } from "./engine";

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
export async function resolveRecipients(
  db: Kysely<Database>,
  scope: Scope,
  n: { roleIds: number[]; kindergartenIds: number[]; phones: string[] },
): Promise<number[]> {
  const ids = new Set<number>();
  if (n.roleIds.length || n.kindergartenIds.length) {
    let qb = db.selectFrom("users").select("users.id").where("users.enabled", "=", 1).where(userFilter(scope, "users.id"));
    if (n.roleIds.length) qb = qb.where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "in", n.roleIds));
    if (n.kindergartenIds.length) qb = qb.where("users.kindergarten_id", "in", n.kindergartenIds);
    for (const r of await qb.execute()) ids.add(Number(r.id));
  }
  for (const u of await usersByPhone(db, scope, n.phones)) ids.add(Number(u.id));
  if (!ids.size) return [];
  const enabled = await db
    .selectFrom("users")
    .select("id")
    .where("id", "in", [...ids])
    .where("enabled", "=", 1)
    .execute();
  return enabled.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * The record action "send" (contract: draft → sent, role 6) runs this inside its transaction, before the state
 * change: refuses (422, field-level) without recipients ("select recipients") or content ("enter content");
 * writes one delivery per recipient through the PushProvider; the engine then marks it sent (409 when it already
 * is; 404 "save a draft first" for an unknown id) and audits it. `POST users/push/{id}/send/` (engine/actions.ts).
 */
const sendHook: ActionHook = {
  notFoundKey: "usermgmt:pushNotifications.errors.saveDraftFirst",
  async run({ w, scope }, item) {
    const trx = w.trx as unknown as Kysely<Database>;
    const n = await trx.selectFrom("push_notifications").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
    const roleIds = parseIds(n.role_ids);
    const kindergartenIds = parseIds(n.kindergarten_ids);
    const phones = splitPhones(n.phones);
    const errors: Record<string, string[]> = {};
    if (!roleIds.length && !kindergartenIds.length && !phones.length) errors.roleIds = ["usermgmt:pushNotifications.errors.selectRecipients"];
    if (!n.content || !n.content.trim()) errors.content = ["usermgmt:pushNotifications.errors.enterContent"];
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const recipients = await resolveRecipients(trx, scope, { roleIds, kindergartenIds, phones });
    if (!recipients.length) throw fieldErrors({ roleIds: ["usermgmt:pushNotifications.errors.noRecipients"] });
    const delivered = await pushProvider().send(w.trx, { notificationId: item.id, title: n.title, content: n.content! }, recipients);
    return { patch: { recipient_count: delivered, sent_at: nowIso() }, msg: "usermgmt:pushNotifications.messages.sent", params: { count: delivered } };
  },
};

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
  actionHooks: { send: sendHook },
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
