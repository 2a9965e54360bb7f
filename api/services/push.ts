import type { Kysely, Transaction } from "kysely";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { jobDb, type JobDeps } from "@api/jobs/types";

/** One notification to deliver. */
export interface PushMessage {
  notificationId: number;
  title: string;
  content: string;
}

/**
 * Sending a notification puts one `push_outbox` row per recipient inside the sending transaction (a failed
 * send leaves nothing behind); the `push-outbox` job (api/jobs/push-outbox.ts) then delivers the pending rows
 * through the PushGateway with retries. Tests and the demo read the outbox.
 */
export interface PushProvider {
  readonly name: string;
  send(trx: Transaction<Database> | Kysely<Database>, message: PushMessage, userIds: number[]): Promise<number>;
}

export class LocalPushProvider implements PushProvider {
  readonly name = "local";
  async send(trx: Transaction<Database> | Kysely<Database>, message: PushMessage, userIds: number[]) {
    const at = nowIso();
    const rows = userIds.map((user_id) => ({
      notification_id: message.notificationId,
      user_id,
      title: message.title,
      content: message.content,
      created_at: at,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto("push_outbox")
        .values(rows.slice(i, i + 200))
        .execute();
    return rows.length;
  }
}

let current: PushProvider = new LocalPushProvider();
/** The provider in use (the local outbox unless replaced, e.g. by a gateway adapter at start-up). */
export const pushProvider = () => current;
export function setPushProvider(p: PushProvider) {
  current = p;
}

/** One delivery taken from the outbox. */
export interface PushDelivery {
  id: number;
  notificationId: number;
  userId: number;
  title: string;
  content: string;
  /** 1 for the first try. */
  attempt: number;
}

/** Hands one message to a user's devices; throws when the gateway refused it (the row is retried later). */
export interface PushGateway {
  readonly name: string;
  deliver(d: PushDelivery): Promise<void>;
}

/** No device network in the embedded set-up: a delivery is the outbox row marked delivered. */
export class LocalPushGateway implements PushGateway {
  readonly name = "local";
  async deliver() {}
}

let gateway: PushGateway = new LocalPushGateway();
export const pushGateway = () => gateway;
export function setPushGateway(g: PushGateway) {
  gateway = g;
}

export interface DrainOptions {
  gateway?: PushGateway;
  /** Rows per run (default 500). */
  limit?: number;
  /** Tries per row before it is `failed` (PUSH_MAX_ATTEMPTS, default 5). */
  maxAttempts?: number;
  /** Row retry i waits retryBaseMs · 2^(i-1) (PUSH_RETRY_BASE_MS, default 60 s). */
  retryBaseMs?: number;
}

export interface DrainSummary {
  delivered: number;
  retrying: number;
  failed: number;
  /** Notifications whose rows were handled in this run. */
  notificationIds: number[];
}

const envNumber = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
/** A row taken by a drain is hidden from other drains this long (a process that died mid-delivery frees it then). */
const LEASE_MS = 60_000;

/**
 * Delivers the pending outbox rows that are due. Each row is first leased (its next_attempt_at pushed past
 * now by a conditional update, so two drains never deliver the same row), then delivered and marked
 * `delivered`, or given a later next_attempt_at with exponential backoff, or `failed` after maxAttempts.
 * Delivery state is operational bookkeeping written directly, not through the audited Writer.
 */
export async function drainPushOutbox(deps: Pick<JobDeps, "db">, opts: DrainOptions = {}): Promise<DrainSummary> {
  const db = jobDb(deps);
  const g = opts.gateway ?? gateway;
  const maxAttempts = opts.maxAttempts ?? envNumber(process.env.PUSH_MAX_ATTEMPTS, 5);
  const retryBaseMs = opts.retryBaseMs ?? envNumber(process.env.PUSH_RETRY_BASE_MS, 60_000);
  const now = nowIso();
  const due = await db
    .selectFrom("push_outbox")
    .select(["id", "notification_id", "user_id", "title", "content", "attempts", "next_attempt_at"])
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", now)]))
    .orderBy("id")
    .limit(opts.limit ?? 500)
    .execute();
  const summary: DrainSummary = { delivered: 0, retrying: 0, failed: 0, notificationIds: [] };
  const notifications = new Set<number>();
  for (const row of due) {
    const lease = new Date(Date.now() + LEASE_MS).toISOString();
    const taken = await db
      .updateTable("push_outbox")
      .set({ next_attempt_at: lease })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .where((eb) => (row.next_attempt_at == null ? eb("next_attempt_at", "is", null) : eb("next_attempt_at", "=", row.next_attempt_at)))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    const attempt = Number(row.attempts) + 1;
    notifications.add(Number(row.notification_id));
    try {
      await g.deliver({
        id: Number(row.id),
        notificationId: Number(row.notification_id),
        userId: Number(row.user_id),
        title: row.title,
        content: row.content,
        attempt,
      });
      await db
        .updateTable("push_outbox")
        .set({ status: "delivered", attempts: attempt, delivered_at: nowIso(), next_attempt_at: null, last_error: null })
        .where("id", "=", row.id)
        .execute();
      summary.delivered++;
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const last = attempt >= maxAttempts;
      const next = last ? null : new Date(Date.now() + retryBaseMs * 2 ** (attempt - 1)).toISOString();
      await db
        .updateTable("push_outbox")
        .set({ status: last ? "failed" : "pending", attempts: attempt, next_attempt_at: next, last_error: error })
        .where("id", "=", row.id)
        .execute();
      if (last) summary.failed++;
      else summary.retrying++;
    }
  }
  summary.notificationIds = [...notifications].sort((a, b) => a - b);
  return summary;
}
