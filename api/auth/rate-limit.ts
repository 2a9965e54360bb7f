import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { sql } from "kysely";
import { RateLimiterCompatibleAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { Deps } from "@api/context";
import type { Db } from "@api/db";
import { ApiError } from "@api/http";
import type { RateLimit, RateLimitAction } from "./rate-limit-config";

/*
 * Why our own limiter: rate-limiter-flexible's RateLimiterSQLite drives sqlite3, better-sqlite3 or knex, not
 * libSQL (our SQLite driver), and RateLimiterPostgres creates its table itself outside our migrations. One
 * limiter over our Kysely db serves both dialects with the same atomic upsert (table rate_limits, migration 004).
 * It extends the package's public RateLimiterCompatibleAbstract (the documented base of custom limiters since
 * version 11), so it answers with the package's RateLimiterRes and works with its wrappers (union, insurance);
 * nothing of the package's private files is loaded.
 */
type Row = { points: number; expires_at: string | null };
const iso = (ms: number) => new Date(ms).toISOString();

export class KyselyRateLimiter extends RateLimiterCompatibleAbstract {
  // Own fields (ES2022 class fields are defined, not assigned): they stand in for the base class's throwing accessors.
  readonly keyPrefix: string;
  blockDuration = 0;
  execEvenly = false;
  readonly points: number;
  /** Seconds of a window (0: never expires). */
  readonly duration: number;

  constructor(
    private readonly db: Db,
    opts: { keyPrefix: string; points: number; duration: number },
  ) {
    super();
    this.keyPrefix = opts.keyPrefix;
    this.points = opts.points;
    this.duration = opts.duration;
  }

  /** The stored key, as the package's own stores write it (`prefix:key`). */
  getKey(key: string | number) {
    return this.keyPrefix ? `${this.keyPrefix}:${key}` : String(key);
  }

  /** Counts `points` for the key; over the limit it rejects with the RateLimiterRes (msBeforeNext: until the window ends). */
  override async consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    const res = this.#res(points, await this.#upsert(this.getKey(key), points, this.duration * 1000));
    if (res.consumedPoints > this.points) throw res;
    return res;
  }

  override async penalty(key: string | number, points = 1): Promise<RateLimiterRes> {
    return this.#res(points, await this.#upsert(this.getKey(key), points, this.duration * 1000));
  }

  override async reward(key: string | number, points = 1): Promise<RateLimiterRes> {
    return this.#res(-points, await this.#upsert(this.getKey(key), -points, this.duration * 1000));
  }

  override async get(key: string | number): Promise<RateLimiterRes | null> {
    const row = await this.db
      .selectFrom("rate_limits")
      .select(["points", "expires_at"])
      .where("key", "=", this.getKey(key))
      .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", iso(Date.now()))]))
      .executeTakeFirst();
    return row ? this.#res(0, { points: Number(row.points), expires_at: row.expires_at }) : null;
  }

  /** Sets the key's points for `secDuration` seconds (0: for good), whatever it held. */
  override async set(key: string | number, points: number, secDuration: number): Promise<RateLimiterRes> {
    return this.#res(points, await this.#upsert(this.getKey(key), points, secDuration * 1000, true));
  }

  /** Blocks the key for `secDuration` seconds: more points than allowed until then. */
  override async block(key: string | number, secDuration: number): Promise<RateLimiterRes> {
    return this.set(key, this.points + 1, secDuration);
  }

  override async delete(key: string | number): Promise<boolean> {
    const res = await this.db.deleteFrom("rate_limits").where("key", "=", this.getKey(key)).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Adds points to a key in one statement; an expired key (or `restart`) starts again from `points`. */
  async #upsert(key: string, points: number, msDuration: number, restart = false): Promise<Row> {
    const now = iso(Date.now());
    const expires = msDuration > 0 ? iso(Date.now() + msDuration) : null;
    const again = restart ? sql<boolean>`1 = 1` : sql<boolean>`rate_limits.expires_at IS NOT NULL AND rate_limits.expires_at <= ${now}`;
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key, points, expires_at: expires })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          points: sql<number>`CASE WHEN ${again} THEN ${points} ELSE rate_limits.points + ${points} END`,
          expires_at: sql<string | null>`CASE WHEN ${again} THEN ${expires} ELSE rate_limits.expires_at END`,
        }),
      )
      .returning(["points", "expires_at"])
      .executeTakeFirstOrThrow();
    if (Math.random() < 0.01) await this.db.deleteFrom("rate_limits").where("expires_at", "<", now).execute();
    return { points: Number(row.points), expires_at: row.expires_at };
  }

  #res(changedPoints: number, row: Row): RateLimiterRes {
    const msBeforeNext = row.expires_at ? Math.max(Date.parse(row.expires_at) - Date.now(), 0) : -1;
    return new RateLimiterRes(Math.max(this.points - row.points, 0), msBeforeNext, row.points, changedPoints === row.points);
  }
}

type Limiters = Record<RateLimitAction, { phone: KyselyRateLimiter | null; address: KyselyRateLimiter | null }>;
const cache = new WeakMap<Deps, Limiters>();

function limitersOf(deps: Deps): Limiters {
  let l = cache.get(deps);
  if (!l) {
    const make = (prefix: string, r: RateLimit | null) =>
      r ? new KyselyRateLimiter(deps.db, { keyPrefix: prefix, points: r.points, duration: r.seconds }) : null;
    const { login, sms, register } = deps.config.rateLimits;
    l = {
      login: { phone: make("login:phone", login.phone), address: make("login:address", login.address) },
      sms: { phone: make("sms:phone", sms.phone), address: make("sms:address", sms.address) },
      register: { phone: make("register:phone", register.phone), address: make("register:address", register.address) },
    };
    cache.set(deps, l);
  }
  return l;
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy (TRUST_PROXY, e.g. the
 * console's server), the last X-Forwarded-For entry it added. A trusted peer that names no client answers
 * null: it is our own infrastructure, limited per phone only.
 */
export function clientAddress(c: Context, trustProxy: string[]): string | null {
  const peer = getConnInfo(c).remote.address ?? "unknown";
  if (!trustProxy.includes(peer)) return peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded.at(-1) ?? null;
}

/**
 * Counts one request of `action` for the phone and the client address: over either limit, 429 "too many
 * requests" (spec wording, error.tooMany) with Retry-After in seconds.
 */
export async function rateLimit(deps: Deps, c: Context, action: RateLimitAction, phone: string): Promise<void> {
  const l = limitersOf(deps)[action];
  const address = clientAddress(c, deps.config.trustProxy);
  try {
    if (l.phone) await l.phone.consume(phone);
    if (l.address && address) await l.address.consume(address);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    c.header("Retry-After", String(Math.max(1, Math.ceil(e.msBeforeNext / 1000))));
    throw new ApiError(429, "error.tooMany");
  }
}
