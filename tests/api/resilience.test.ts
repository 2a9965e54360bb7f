import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createClient } from "@libsql/client";
import zhApi from "@contract/locales/zh/api.json";
import enApi from "@contract/locales/en/api.json";
import { isDatabaseUnavailable } from "@api/db";
import { startApi, type RunningApi } from "@api/server";
import { ADMIN_SERVER, enc, PASSWORD, startTestApi, usePostgres, type TestApi } from "./helpers";

/** Reliability: lost database connections answer 503 and heal; writes leak no connections. */

const ADMIN5 = "13800000005";
const UNAVAILABLE = { zh: zhApi.error.unavailable, en: enApi.error.unavailable };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Seen {
  status: number;
  code: number | undefined;
  msg: string;
  lang: "zh" | "en";
  retryAfter: string | null;
}

/** One request with a deadline: a hang fails the test instead of stalling it. */
async function hit(base: string, token: string, i: number): Promise<Seen> {
  const lang = i % 2 ? "en" : "zh";
  const write = i % 3 === 0;
  const res = await fetch(new URL(write ? "kindergartens/places/" : "kindergartens/places/?pageSize=5", base), {
    method: write ? "POST" : "GET",
    headers: { token, lang, appid: "kg-admin-pc", ...(write ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: write ? new URLSearchParams({ name: `场所${i}`, capacity: "10" }).toString() : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json()) as { code?: number; msg?: string };
  return { status: res.status, code: json.code, msg: json.msg ?? "", lang, retryAfter: res.headers.get("retry-after") };
}

/** `clients` loops of hit() until stop() is called; answers every reply seen. */
function load(base: string, token: string, clients: number) {
  let running = true;
  let n = 0;
  const seen: Seen[] = [];
  const done = Promise.all(
    Array.from({ length: clients }, async () => {
      while (running) seen.push(await hit(base, token, n++));
    }),
  );
  return {
    seen,
    async stop() {
      running = false;
      await done;
      return seen;
    },
  };
}

/** Every reply is a success or a translated 503 with a retry hint; never a 500. */
function expectOnlyOkOr503(seen: Seen[]) {
  const statuses = [...new Set(seen.map((s) => s.status))].sort();
  expect(
    statuses.every((s) => s === 200 || s === 503),
    `statuses ${statuses.join(", ")}`,
  ).toBe(true);
  for (const s of seen.filter((x) => x.status === 503)) {
    expect(s).toMatchObject({ code: 503, msg: UNAVAILABLE[s.lang] });
    expect(Number(s.retryAfter)).toBeGreaterThan(0);
  }
}

async function token(base: string, phone = ADMIN5) {
  const res = await fetch(new URL("token/login", base), {
    method: "POST",
    headers: { appid: "kg-admin-pc", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ phone, password: enc(PASSWORD), platform: "pc" }).toString(),
  });
  const json = (await res.json()) as { code: number; data: { token: string } };
  expect(json.code).toBe(200);
  return json.data.token;
}

/** After an outage: ten requests in a row succeed. */
async function expectRecovered(base: string, tok: string) {
  for (let i = 0; i < 10; i++) expect((await hit(base, tok, i)).status).toBe(200);
}

const openFds = () => readdirSync("/proc/self/fd").length;

describe("writes keep no database connection or file open (SQLite leaked one native connection per transaction)", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(() => t?.close());

  it("300 writes open at most a handful of descriptors", async () => {
    const tok = await t.token(ADMIN5);
    for (let i = 0; i < 20; i++) await hit(t.url, tok, i * 3); // warm-up: the pool reaches its size
    const before = openFds();
    for (let i = 0; i < 100; i++) {
      const r = await Promise.all([0, 1, 2].map((k) => hit(t.url, tok, (i * 3 + k) * 3)));
      expect(r.map((x) => x.status)).toEqual([200, 200, 200]);
    }
    expect(openFds() - before).toBeLessThan(20);
  });
});

describe("database errors that mean 'unreachable for now' (one rule: isDatabaseUnavailable)", () => {
  it("a real SQLITE_BUSY (another connection holds the write lock) counts; a constraint violation does not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kg-busy-"));
    const url = `file:${join(dir, "busy.db")}`;
    const a = createClient({ url, timeout: 0 });
    const b = createClient({ url, timeout: 0 });
    try {
      await a.execute("create table t (id integer primary key)");
      const trx = await a.transaction("write");
      await trx.execute("insert into t values (1)");
      const busy = await b.execute("insert into t values (2)").catch((e: unknown) => e);
      expect((busy as { code?: string }).code).toBe("SQLITE_BUSY");
      expect(isDatabaseUnavailable(busy)).toBe(true);
      await trx.commit();
      const dup = await b.execute("insert into t values (1)").catch((e: unknown) => e);
      expect((dup as { code?: string }).code).toBe("SQLITE_CONSTRAINT");
      expect(isDatabaseUnavailable(dup)).toBe(false);
    } finally {
      a.close();
      b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(usePostgres)("SQLite locked by another process beyond the busy timeout (SQLite only)", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(() => t?.close());

  it("a write answers 503 with Retry-After (not 500) after the 10 s busy timeout; once the lock is gone, 200", async () => {
    const tok = await t.token(ADMIN5);
    const other = createClient({ url: t.api.deps.config.databaseUrl }); // e.g. the seed CLI or a backup tool
    try {
      const lock = await other.transaction("write");
      await lock.execute("update places set remark = remark where id = 0");
      const started = Date.now();
      const blocked = await hit(t.url, tok, 3); // a write, in English
      expect(blocked).toMatchObject({ status: 503, code: 503, msg: UNAVAILABLE.en, retryAfter: "5" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
      await lock.rollback();
      // Writes work again at once (the connection whose statement hit SQLITE_BUSY was replaced).
      for (let i = 0; i < 3; i++) expect((await hit(t.url, tok, 3 * i)).status).toBe(200);
    } finally {
      other.close();
    }
  }, 30_000);
});

describe.skipIf(!usePostgres)("PostgreSQL connections lost under load (runs with TEST_DATABASE=postgres; SQLite has no server connection to lose)", () => {
  let t: TestApi;
  let admin: pg.Client;
  let dbName: string;
  beforeAll(async () => {
    t = await startTestApi();
    dbName = new URL(t.api.deps.config.databaseUrl).pathname.slice(1);
    admin = new pg.Client({ connectionString: ADMIN_SERVER });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const terminateAll = async () =>
    (await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [dbName])).rowCount ?? 0;

  it("pg_terminate_backend on every API backend, repeatedly: only 200 or 503 (Retry-After, translated), no hang, no crash; then all 200", async () => {
    const crashes: unknown[] = [];
    const onCrash = (e: unknown) => crashes.push(e); // an 'error' no one listens to would end a real API process
    process.on("uncaughtException", onCrash);
    const tok = await t.token(ADMIN5);
    const run = load(t.url, tok, 12);
    let terminated = 0;
    // At least five rounds, more until some request was in flight when its backend went away.
    for (let round = 0; round < 5 || (round < 40 && !run.seen.some((s) => s.status === 503)); round++) {
      await sleep(150);
      terminated += await terminateAll();
    }
    await sleep(300);
    const seen = await run.stop();
    expect(terminated).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(20);
    expectOnlyOkOr503(seen);
    expect(seen.some((s) => s.status === 503)).toBe(true);
    await expectRecovered(t.url, tok);
    process.off("uncaughtException", onCrash);
    expect(crashes).toEqual([]);
  }, 60_000);
});

/**
 * A TCP relay to PostgreSQL the test can cut: "refuse" closes the port (ECONNREFUSED), "blackhole" accepts and
 * never answers (a dead host or a fail-over in progress), "open" relays again. Cutting also drops live connections.
 */
async function relay(target: number) {
  const sockets = new Set<net.Socket>();
  let mode: "open" | "blackhole" = "open";
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (mode === "blackhole") return;
    const upstream = net.connect(target, "127.0.0.1");
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    async refuse() {
      await new Promise<void>((r) => {
        server.close(() => r());
        dropAll();
      });
    },
    async blackhole() {
      mode = "blackhole";
      dropAll();
      if (!server.listening) await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    },
    async open() {
      mode = "open";
      if (!server.listening) await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe.skipIf(!usePostgres)("PostgreSQL unreachable for a moment (runs with TEST_DATABASE=postgres)", () => {
  const name = `kg_t_${randomBytes(6).toString("hex")}`;
  const dir = mkdtempSync(join(tmpdir(), "kg-api-"));
  let proxy: Awaited<ReturnType<typeof relay>>;
  let api: RunningApi;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_SERVER });
    await admin.connect();
    await admin.query(`create database ${name}`);
    proxy = await relay(5432);
    api = await startApi({
      port: 0,
      databaseUrl: `postgres://postgres@127.0.0.1:${proxy.port}/${name}`,
      quiet: true,
      config: { uploadDir: join(dir, "uploads") },
    });
  });
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refused, then silent (no answer at all): requests answer 503 within seconds instead of hanging; afterwards 200 again", async () => {
    const tok = await token(api.url);
    const run = load(api.url, tok, 6);
    await sleep(300);
    await proxy.refuse();
    await sleep(1000);
    const refusedAt = run.seen.length;
    await proxy.blackhole();
    const started = Date.now();
    const silent = await hit(api.url, tok, 1); // waits for the pool's connection timeout, not forever
    expect(silent).toMatchObject({ status: 503, code: 503, msg: UNAVAILABLE.en });
    expect(Date.now() - started).toBeLessThan(10_000);
    await proxy.open();
    await sleep(500);
    const seen = await run.stop();
    expectOnlyOkOr503(seen);
    expect(seen.slice(0, refusedAt).some((s) => s.status === 503)).toBe(true);
    await expectRecovered(api.url, tok);
  }, 60_000);
});
