import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { Deps } from "@api/context";
import { ApiError } from "@api/http";
import { t } from "@api/i18n";
import type { Lang } from "@contract/settings";
import { sha256 } from "@api/auth/tokens";
import { SmsSendError, type SmsMessage } from "./sms";

/** SMS codes: 6 digits, valid 5 minutes, one per minute per phone, at most 5 tries each. */
const TTL_MS = 5 * 60 * 1000;
const INTERVAL_MS = 60 * 1000;
const MAX_TRIES = 5;

export async function sendCode(deps: Deps, phone: string, purpose: string, lang: Lang, deliver: boolean) {
  const now = Date.now();
  const last = await deps.db.selectFrom("sms_codes").select("created_at").where("phone", "=", phone).orderBy("id", "desc").limit(1).executeTakeFirst();
  if (last && now - Date.parse(last.created_at) < INTERVAL_MS) throw new ApiError(429, "sms.tooSoon");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const row = await deps.db
    .insertInto("sms_codes")
    .values({
      phone,
      purpose,
      code_hash: sha256(`${phone}:${purpose}:${code}`),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + TTL_MS).toISOString(),
      used_at: null,
      attempts: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (deliver) await deliverCode(deps, row.id, { phone, purpose, content: t(lang, "sms.content", { code }), params: { code } });
}

/** Sends the code; when sending fails the code is spent at once (never usable) and the caller gets a clean 502. */
async function deliverCode(deps: Deps, codeId: number, message: SmsMessage) {
  try {
    await deps.sms.send(message);
  } catch (e) {
    if (!(e instanceof SmsSendError)) throw e;
    console.error(`[sms] ${deps.sms.name} provider failed for ${message.phone}: ${e.message}`);
    await deps.db.updateTable("sms_codes").set({ used_at: new Date().toISOString() }).where("id", "=", codeId).execute();
    throw new ApiError(502, "sms.sendFailed");
  }
}

/**
 * Consumes a valid code or throws a 422 on field smsCode. Each guess first takes one of the code's tries with one
 * atomic update (parallel guesses count one each) and is checked only when it got one: at most MAX_TRIES checks.
 */
export async function consumeCode(deps: Deps, phone: string, purpose: string, code: string) {
  const now = new Date().toISOString();
  const fail = new ApiError(422, "sms.invalidCode", {}, { errors: { smsCode: [{ key: "sms.invalidCode" }] } });
  const row = await deps.db
    .selectFrom("sms_codes")
    .select(["id", "code_hash"])
    .where("phone", "=", phone)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) throw fail;
  const tried = await deps.db
    .updateTable("sms_codes")
    .set({ attempts: sql<number>`attempts + 1` })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .where("attempts", "<", MAX_TRIES)
    .executeTakeFirst();
  if (Number(tried.numUpdatedRows) !== 1) throw fail;
  if (row.code_hash !== sha256(`${phone}:${purpose}:${code}`)) throw fail;
  const res = await deps.db.updateTable("sms_codes").set({ used_at: now }).where("id", "=", row.id).where("used_at", "is", null).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw fail;
}
