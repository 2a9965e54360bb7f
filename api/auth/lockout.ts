import { sql } from "kysely";
import type { Deps } from "@api/context";
import { ApiError } from "@api/http";

/*
 * Lockout of spec/brief: 5 failures for one phone within 15 minutes lock that phone for 15 minutes; a success
 * resets. One row per phone (login_locks) holds the failures of the current window and the lock. A guess first
 * takes its place in the count with one atomic upsert and is checked only when it is within the limit, so N
 * parallel guesses count N and none past the limit is ever checked. The window is fixed: it starts at the
 * first failure of a series (a new series starts when it is over or when a lock has run out).
 * A place is held from the guess until its answer: a right password frees it (the success resets the count), so a
 * guess that finds the count full while places are still in flight waits for them instead of being refused: six
 * parallel right passwords all log in, and still no guess past the 5th unanswered one is checked.
 */

const minutesUntil = (until: string, now: number) => Math.max(1, Math.ceil((Date.parse(until) - now) / 60000));
const locked = (minutes: number) => new ApiError(423, "auth.locked", { count: minutes });

/** How long a guess waits for places held by guesses in flight before it is refused (a lost process's place frees with its window). */
const IN_FLIGHT_WAIT_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Takes a place in the phone's failure count; throws 423 when the phone is locked. When the count is full but not
 * yet locked, the other places are guesses still in flight: the place is given back and taken again once they answer.
 */
async function reserveAttempt(deps: Deps, phone: string, waitMs = IN_FLIGHT_WAIT_MS): Promise<number> {
  const { maxFailures } = deps.config.lockout;
  const until = Date.now() + waitMs;
  for (;;) {
    const attempt = await takePlace(deps, phone);
    if (attempt <= maxFailures) return attempt;
    // Only while the count is still over the limit (a success or a new window may have reset it meanwhile).
    await deps.db
      .updateTable("login_locks")
      .set({ failures: sql<number>`failures - 1` })
      .where("phone", "=", phone)
      .where("failures", ">", maxFailures)
      .execute();
    if (Date.now() >= until) throw locked(deps.config.lockout.lockMinutes);
    await sleep(25 + Math.random() * 50);
  }
}

/** One atomic upsert: the phone's count after this guess took its place; throws 423 when the phone is locked. */
async function takePlace(deps: Deps, phone: string): Promise<number> {
  const { windowMinutes } = deps.config.lockout;
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const windowStart = new Date(now - windowMinutes * 60000).toISOString();
  const isLocked = sql<boolean>`(login_locks.locked_until IS NOT NULL AND login_locks.locked_until > ${nowIso})`;
  const isOver = sql<boolean>`(login_locks.locked_until IS NOT NULL AND login_locks.locked_until <= ${nowIso})
    OR (login_locks.locked_until IS NULL AND login_locks.window_start <= ${windowStart})`;
  const row = await deps.db
    .insertInto("login_locks")
    .values({ phone, failures: 1, window_start: nowIso, locked_until: null })
    .onConflict((oc) =>
      oc.column("phone").doUpdateSet({
        failures: sql<number>`CASE WHEN ${isOver} THEN 1 WHEN ${isLocked} THEN login_locks.failures ELSE login_locks.failures + 1 END`,
        window_start: sql<string>`CASE WHEN ${isOver} THEN ${nowIso} ELSE login_locks.window_start END`,
        locked_until: sql<string | null>`CASE WHEN ${isOver} THEN NULL ELSE login_locks.locked_until END`,
      }),
    )
    .returning(["failures", "locked_until"])
    .executeTakeFirstOrThrow();
  // Minutes from now, after the upsert: on PostgreSQL it may have waited for the guess that set the lock.
  if (row.locked_until && row.locked_until > nowIso) throw locked(minutesUntil(row.locked_until, Date.now()));
  return Number(row.failures);
}

/** Locks the phone once its count is full (not after a success has reset it meanwhile). */
async function lockPhone(deps: Deps, phone: string) {
  const { maxFailures, lockMinutes } = deps.config.lockout;
  const until = new Date(Date.now() + lockMinutes * 60000).toISOString();
  await deps.db
    .updateTable("login_locks")
    .set({ locked_until: until })
    .where("phone", "=", phone)
    .where("failures", ">=", maxFailures)
    .where("locked_until", "is", null)
    .execute();
}

/** A success (or a password set through an SMS code) clears the phone's failures and lock. */
export async function recordSuccess(deps: Deps, phone: string) {
  await deps.db.deleteFrom("login_locks").where("phone", "=", phone).execute();
}

/**
 * Checks a password under the lockout: 423 without checking when the phone is locked or its count is full;
 * a wrong password answers 400, or 423 when it was the last allowed one; a right one resets the count.
 */
export async function checkPassword(deps: Deps, phone: string, verify: () => Promise<boolean>): Promise<void> {
  const attempt = await reserveAttempt(deps, phone);
  if (await verify()) return recordSuccess(deps, phone);
  if (attempt < deps.config.lockout.maxFailures) throw new ApiError(400, "auth.wrongCredentials");
  await lockPhone(deps, phone);
  throw locked(deps.config.lockout.lockMinutes);
}
