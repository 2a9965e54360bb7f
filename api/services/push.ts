import type { Kysely, Transaction } from "kysely";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";

/** One notification to deliver. */
export interface PushMessage {
  notificationId: number;
  title: string;
  content: string;
}

/**
 * Delivers push notifications to users' devices. A real provider would call a push gateway (after the
 * transaction commits, through its own queue); the local one writes one `push_outbox` row per recipient
 * inside the sending transaction, so that a failed send leaves nothing behind. Tests and the demo read the outbox.
 */
export interface PushProvider {
  readonly name: string;
  send(trx: Transaction<Database> | Kysely<Database>, message: PushMessage, userIds: number[]): Promise<number>;
}

export class LocalPushProvider implements PushProvider {
  readonly name = "local";
  async send(trx: Transaction<Database> | Kysely<Database>, message: PushMessage, userIds: number[]) {
    const at = nowIso();
    const rows = userIds.map((user_id) => ({ notification_id: message.notificationId, user_id, title: message.title, content: message.content, created_at: at }));
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto("push_outbox").values(rows.slice(i, i + 200)).execute();
    return rows.length;
  }
}

let current: PushProvider = new LocalPushProvider();
/** The provider in use (the local outbox unless replaced, e.g. by a gateway adapter at start-up). */
export const pushProvider = () => current;
export function setPushProvider(p: PushProvider) {
  current = p;
}
