/**
 * Demo data of push notifications (platform-wide, role 6's page /user/push): one sent notification with its
 * deliveries in the outbox (delivered) and one draft, so both states of the "send" record action show.
 * Called by seedDemo after the core rows exist.
 */
import type { Kysely } from "kysely";
import type { JobDb } from "@api/jobs/types";
import type { Database } from "./schema";
import { SEED_TIME } from "./seed";

export async function seedPushNotifications(db: Kysely<Database>) {
  const superAdmin = await db.selectFrom("users").select("id").where("phone", "=", "13800000006").executeTakeFirst();
  const by = superAdmin ? Number(superAdmin.id) : null;
  const parents = await db
    .selectFrom("users")
    .select("users.id")
    .where("users.kindergarten_id", "=", 1)
    .where("users.enabled", "=", 1)
    .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", 4))
    .execute();
  // The draft first (id 1 on a fresh database): the pages and tests that open "the first notification" can edit it.
  await db
    .insertInto("push_notifications")
    .values({
      title: "平台维护通知",
      content: "本周六 22:00 至 24:00 平台维护，期间暂停服务。",
      role_ids: "[1,5]",
      kindergarten_ids: "[]",
      phones: null,
      status: "draft",
      recipient_count: 0,
      created_by: by,
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
      sent_at: null,
    })
    .execute();
  const sent = await db
    .insertInto("push_notifications")
    .values({
      title: "春季开学通知",
      content: "各位家长：春季学期将于 3 月 2 日开学，请按时送园。",
      role_ids: "[4]",
      kindergarten_ids: "[1]",
      phones: null,
      status: "sent",
      recipient_count: parents.length,
      created_by: by,
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
      sent_at: SEED_TIME,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Delivered already (the push-outbox job drains only pending rows).
  const outbox = db as unknown as JobDb;
  for (const p of parents)
    await outbox
      .insertInto("push_outbox")
      .values({
        notification_id: Number(sent.id),
        user_id: Number(p.id),
        title: "春季开学通知",
        content: "各位家长：春季学期将于 3 月 2 日开学，请按时送园。",
        created_at: SEED_TIME,
        status: "delivered",
        attempts: 1,
        next_attempt_at: null,
        delivered_at: SEED_TIME,
        last_error: null,
      })
      .execute();
}
