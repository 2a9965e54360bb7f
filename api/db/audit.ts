import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { Database, TableName } from "./schema";
import { nowIso } from "./index";

/** Who performs a write (null for anonymous flows such as registration before the account exists). */
export interface Actor {
  userId: number | null;
  roleId: number | null;
}
export const SYSTEM_ACTOR: Actor = { userId: null, roleId: null };

/** Columns never copied into the audit log. */
const SECRET = new Set(["password_hash", "token_hash", "code_hash", "secret_hash"]);
function redact(row: Record<string, unknown> | undefined | null): string | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = SECRET.has(k) ? "[redacted]" : v;
  return JSON.stringify(out);
}

/**
 * The one way the API changes data: every insert/update/delete goes through a Writer,
 * which records an audit_log row (who, when, what, before/after) in the same transaction.
 * Written directly instead (they are security logs or short-lived secrets, not business data, and would
 * only copy phone numbers into the audit log): login_locks, rate_limits, sms_codes,
 * wechat_codes, storage_credentials, upload_claims. Seeding writes in bulk and records one "seed" row.
 */
export class Writer {
  constructor(
    readonly trx: Transaction<Database>,
    readonly actor: Actor,
  ) {}

  private async audit(action: string, entity: string, entityId: number | null, before: unknown, after: unknown) {
    await this.trx
      .insertInto("audit_log")
      .values({
        user_id: this.actor.userId,
        role_id: this.actor.roleId,
        action,
        entity,
        entity_id: entityId,
        before: redact(before as Record<string, unknown>),
        after: redact(after as Record<string, unknown>),
        at: nowIso(),
      })
      .execute();
  }

  async insert<T extends TableName>(table: T, values: Insertable<Database[T]>, action = "create"): Promise<number> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const row = (await (this.trx as Kysely<any>).insertInto(table).values(values).returningAll().executeTakeFirstOrThrow()) as Record<string, unknown>;
    const id = Number(row.id);
    await this.audit(action, table, id, null, row);
    return id;
  }

  async update<T extends TableName>(table: T, id: number, patch: Updateable<Database[T]>, action = "update"): Promise<boolean> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const t = this.trx as Kysely<any>;
    const before = await t
      .selectFrom(table as string)
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return false;
    const after = await t
      .updateTable(table as string)
      .set(patch)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    await this.audit(action, table, id, before, after);
    return true;
  }

  /**
   * A conditional update (record actions): only while `column` is one of `values`. False when the row is not (any
   * more) in one of them: of two concurrent submits the second finds the first's state and changes nothing.
   * `meta` (e.g. the action's comment) is kept with the audit row's `after` as `_meta`.
   */
  async updateWhere<T extends TableName>(
    table: T,
    id: number,
    patch: Updateable<Database[T]>,
    action: string,
    column: string,
    values: readonly (string | number)[],
    meta?: Record<string, unknown>,
  ): Promise<boolean> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const t = this.trx as Kysely<any>;
    const before = await t
      .selectFrom(table as string)
      .selectAll()
      .where("id", "=", id)
      .where(column, "in", values)
      .executeTakeFirst();
    if (!before) return false;
    const after = await t
      .updateTable(table as string)
      .set(patch)
      .where("id", "=", id)
      .where(column, "in", values)
      .returningAll()
      .executeTakeFirst();
    if (!after) return false;
    await this.audit(action, table, id, before, meta ? { ...after, _meta: meta } : after);
    return true;
  }

  async delete<T extends TableName>(table: T, id: number, action = "delete"): Promise<boolean> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const t = this.trx as Kysely<any>;
    const before = await t
      .selectFrom(table as string)
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return false;
    await t
      .deleteFrom(table as string)
      .where("id", "=", id)
      .execute();
    await this.audit(action, table, id, before, null);
    return true;
  }
}

/** Runs `fn` in one transaction with an audited Writer. */
export function write<R>(db: Kysely<Database>, actor: Actor, fn: (w: Writer) => Promise<R>): Promise<R> {
  return db.transaction().execute((trx) => fn(new Writer(trx, actor)));
}
