import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  sql,
  type CompiledQuery,
  type DialectAdapter,
  type DatabaseConnection,
  type Driver,
  type MigrationProvider,
  type TransactionSettings,
} from "kysely";
import { LibsqlDialect, type libsql } from "@libsql/kysely-libsql";
import { createClient, type Client as LibsqlClient } from "@libsql/client";
import pg from "pg";
import type { Database } from "./schema";
import { migrationProvider, type DialectName } from "./migrations";

export type Db = Kysely<Database>;
export interface DbHandle {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/** The application name of the API's PostgreSQL sessions (pg_stat_activity). */
export const API_APPLICATION_NAME = "kg-api";

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

// PostgreSQL returns int8 (counts) as strings; keep them numeric.
pg.types.setTypeParser(20, (v) => Number(v));
// double precision as JS number (default already), numeric as number.
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * The libSQL client runs SQLite synchronously; two overlapping writers (one in a transaction, one on another
 * connection of the client) would wait on SQLite's lock while blocking the event loop.
 * Like Kysely's own SqliteDriver, this driver hands out one connection at a time (a transaction
 * holds it until commit or rollback), so statements and transactions never overlap in one process.
 *
 * A statement that failed with SQLITE_BUSY (another process held the lock past the busy timeout) stays
 * active in libSQL until it is garbage-collected, and every COMMIT on its connection fails meanwhile
 * ("SQL statements in progress"); such a connection is therefore replaced (`reset`) when it is released.
 */
class SerializedDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;
  #busy = false;
  constructor(
    private readonly inner: Driver,
    private readonly reset: () => Promise<void>,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const prev = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((r) => (release = r));
    await prev;
    this.#release = release;
    return new WatchedConnection(await this.inner.acquireConnection(), (p) => this.#watch(p));
  }
  async releaseConnection(c: DatabaseConnection) {
    await this.inner.releaseConnection(inner(c));
    if (this.#busy) {
      this.#busy = false;
      await this.reset();
    }
    const r = this.#release;
    this.#release = null;
    r?.();
  }
  beginTransaction(c: DatabaseConnection, s: TransactionSettings) {
    return this.#watch(this.inner.beginTransaction(inner(c), s));
  }
  commitTransaction(c: DatabaseConnection) {
    return this.#watch(this.inner.commitTransaction(inner(c)));
  }
  rollbackTransaction(c: DatabaseConnection) {
    return this.inner.rollbackTransaction(inner(c));
  }
  destroy() {
    return this.inner.destroy();
  }
  #watch<T>(p: Promise<T>): Promise<T> {
    return p.catch((err: unknown) => {
      if (String((err as { code?: unknown })?.code ?? "").startsWith("SQLITE_BUSY")) this.#busy = true;
      throw err;
    });
  }
}

/** The inner driver's connection, with its statements' failures reported to SerializedDriver. */
class WatchedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: <T>(p: Promise<T>) => Promise<T>,
  ) {}
  executeQuery<R>(q: CompiledQuery) {
    return this.watch(this.inner.executeQuery<R>(q));
  }
  streamQuery<R>(q: CompiledQuery, chunkSize?: number) {
    return this.inner.streamQuery<R>(q, chunkSize);
  }
}
const inner = (c: DatabaseConnection) => (c instanceof WatchedConnection ? c.inner : c);

/** How long a statement waits for another process's write lock (seed CLI, a second API) before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;

class SerializedLibsqlDialect extends LibsqlDialect {
  constructor(private readonly client: LibsqlClient) {
    super({ client: client as unknown as libsql.Client }); // the same API; only sync()'s type differs between 0.8 and 0.18
  }
  override createDriver(): Driver {
    return new SerializedDriver(super.createDriver(), async () => this.client.reconnect());
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

/**
 * SQLite runs schema changes inside transactions too (Kysely's adapter says it does not, to be safe for every SQLite
 * driver): with this, the migrator applies all pending migrations in one transaction, so a migration that fails
 * leaves the database as it was, as on PostgreSQL. None of our migrations uses a PRAGMA that a transaction ignores.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

/**
 * Pool settings: a bounded wait for a connection (a database that is down or unreachable answers 503 within
 * seconds instead of hanging requests), idle connections closed after a while, TCP keep-alive probes after 10 s
 * of silence so that a peer gone without a reset (fail-over, network partition) is noticed by the OS.
 */
const PG_POOL = {
  // Named, so that a restore can tell that the product is still connected (api/backup/running.ts).
  application_name: API_APPLICATION_NAME,
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} satisfies pg.PoolConfig;

/** SQLSTATEs of a lost or refused connection: shutdown (57P01–03) and connection exceptions (08…). */
const PG_CONNECTION_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08003", "08006", "08001", "08004"]);
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);
/** pg and pg-pool messages of a dropped socket or a pool that could not connect in time. */
const LOST_CONNECTION = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

/**
 * Whether `err` means "the database is unreachable for now" (PostgreSQL connection lost or refused, pool
 * timeout, SQLite locked by another process beyond the busy timeout) rather than a bug: such requests answer
 * 503 with a retry hint, and the next ones use fresh connections.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (PG_CONNECTION_CODES.has(code) || NETWORK_CODES.has(code) || code.startsWith("SQLITE_BUSY"))) return true;
    if (typeof message === "string" && LOST_CONNECTION.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

export function openDb(url: string): DbHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, ...PG_POOL });
    // An idle connection the server drops (restart, admin command) is an error on the pool; without a
    // listener it would end the process. The pool replaces the connection at the next query.
    pool.on("error", (err) => console.error(`[api] PostgreSQL connection dropped: ${err.message}`));
    // A connection in use has no pool listener: its 'error' would end the process too. Its query fails
    // (answered 503 by onError) and the pool discards the broken client on release.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", destroy: () => db.destroy() };
  }
  if (!url.startsWith("file:")) throw new Error(`Unsupported DATABASE_URL (use file: or postgres://): ${url.split(":")[0]}:…`);
  const path = url.slice("file:".length);
  if (path && path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  // Our own @libsql/client (0.18): @libsql/kysely-libsql bundles 0.8, whose transaction() keeps the open
  // native connection for the transaction and opens a new one for the client, never closing the old one:
  // about 240 KB of native memory leaked per write (API RSS 240 MB → 1.96 GB after 8,000 writes). 0.18 returns the
  // connection to its pool on commit or rollback; one connection suffices, as SerializedDriver never overlaps.
  const client = createClient({ url, concurrency: 1, timeout: SQLITE_BUSY_TIMEOUT_MS });
  const db = new Kysely<Database>({ dialect: new SerializedLibsqlDialect(client) });
  return {
    db,
    dialect: "sqlite",
    destroy: async () => {
      await db.destroy();
      client.close();
    },
  };
}

/**
 * Applies the pending migrations, all in one transaction on both dialects: a failure leaves the database as it was.
 * `provider` replaces this release's migrations (tests of a failing migration).
 */
export async function migrate(h: DbHandle, provider: MigrationProvider = migrationProvider(h.dialect)): Promise<void> {
  if (h.dialect === "sqlite") {
    await sql`PRAGMA journal_mode = WAL`.execute(h.db);
  }
  const migrator = new Migrator({ db: h.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) if (r.status === "Error") console.error(`migration ${r.migrationName} failed`);
  if (error) throw error;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("education_groups")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

export const nowIso = () => new Date().toISOString();
export const count = (v: unknown) => Number(v ?? 0);
