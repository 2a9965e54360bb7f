import type { Deps } from "@api/context";
import { ApiError } from "@api/http";

/** Lockout of spec/brief: 5 failures for one phone within 15 minutes lock that phone for 15 minutes. */
export async function assertNotLocked(deps: Deps, phone: string) {
  const now = new Date();
  const lock = await deps.db.selectFrom("login_locks").select("locked_until").where("phone", "=", phone).executeTakeFirst();
  if (lock && lock.locked_until > now.toISOString()) {
    const minutes = Math.max(1, Math.ceil((Date.parse(lock.locked_until) - now.getTime()) / 60000));
    throw new ApiError(423, "auth.locked", { minutes });
  }
}

/** Records a failure; answers true when this failure locked the phone. */
export async function recordFailure(deps: Deps, phone: string): Promise<boolean> {
  const { db, config } = deps;
  const now = new Date();
  await db.insertInto("login_attempts").values({ phone, ok: 0, at: now.toISOString() }).execute();
  const since = new Date(now.getTime() - config.lockout.windowMinutes * 60000).toISOString();
  const lastOk = await db
    .selectFrom("login_attempts")
    .select("at")
    .where("phone", "=", phone)
    .where("ok", "=", 1)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const lock = await db.selectFrom("login_locks").select(["id", "locked_until"]).where("phone", "=", phone).executeTakeFirst();
  // Failures count from the later of: the window start, the last success, the end of the previous lock.
  let from = since;
  if (lastOk && lastOk.at > from) from = lastOk.at;
  if (lock && lock.locked_until > from) from = lock.locked_until;
  const row = await db
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("phone", "=", phone)
    .where("ok", "=", 0)
    .where("at", ">=", from)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) < config.lockout.maxFailures) return false;
  const until = new Date(now.getTime() + config.lockout.lockMinutes * 60000).toISOString();
  if (lock) await db.updateTable("login_locks").set({ locked_until: until }).where("id", "=", lock.id).execute();
  else await db.insertInto("login_locks").values({ phone, locked_until: until }).execute();
  return true;
}

export async function recordSuccess(deps: Deps, phone: string) {
  await deps.db.insertInto("login_attempts").values({ phone, ok: 1, at: new Date().toISOString() }).execute();
  await deps.db.deleteFrom("login_locks").where("phone", "=", phone).execute();
}

/** Checks a password against a failure count: throws 400 (wrong) or 423 (now locked). */
export async function failLogin(deps: Deps, phone: string): Promise<never> {
  const locked = await recordFailure(deps, phone);
  if (locked) throw new ApiError(423, "auth.locked", { minutes: deps.config.lockout.lockMinutes });
  throw new ApiError(400, "auth.wrongCredentials");
}
