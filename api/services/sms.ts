import type { Db } from "@api/db";
import { nowIso } from "@api/db";

/** Sends text messages. The real provider would call an SMS gateway; the local one keeps an outbox. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, content: string, purpose: string): Promise<void>;
  /** Latest messages to a phone, newest first (only the local provider keeps them). */
  outbox?(phone: string, limit: number): Promise<{ phone: string; purpose: string; content: string; createdAt: string }[]>;
}

export class LocalSmsProvider implements SmsProvider {
  readonly name = "local";
  constructor(private readonly db: Db) {}

  async send(phone: string, content: string, purpose: string) {
    await this.db.insertInto("sms_outbox").values({ phone, purpose, content, created_at: nowIso() }).execute();
  }

  async outbox(phone: string, limit: number) {
    const rows = await this.db
      .selectFrom("sms_outbox")
      .select(["phone", "purpose", "content", "created_at"])
      .where("phone", "=", phone)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ phone: r.phone, purpose: r.purpose, content: r.content, createdAt: r.created_at }));
  }
}
