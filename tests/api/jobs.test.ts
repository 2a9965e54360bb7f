import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { utimes } from "node:fs/promises";
import { Readable } from "node:stream";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDb, runJob, startScheduler, type JobDefinition } from "@api/jobs";
import { drainPushOutbox, type PushGateway } from "@api/services/push";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

const ROOT = resolve(__dirname, "../..");
/** `node --import tsx` (not the tsx binary, which runs the script in a second process): the pid is the script's own. */
const TSX = [process.execPath, "--import", "tsx"] as const;

let t: TestApi;
let dir: string;
beforeAll(async () => {
  t = await startTestApi(); // without a scheduler (helpers): each test drives the jobs itself
  dir = mkdtempSync(join(tmpdir(), "kg-jobs-"));
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const db = () => jobDb(t.api.deps);
const runsOf = (job: string) => db().selectFrom("job_runs").selectAll().where("job", "=", job).orderBy("id").execute();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (iso: string | null) => new Date(iso!).getTime();

/** Runs a process to its end; answers its exit code and output. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const p = spawn(TSX[0], [...TSX.slice(1), ...args], { cwd: ROOT, env: { ...process.env, ...env, JOBS: "off" } });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("exit", (code) => done({ code, out }));
  });
}

/** Starts `tsx api/server.ts` and resolves once it listens; `output()` is all it printed so far. */
function startServer(env: Record<string, string>): Promise<ChildProcess & { output(): string }> {
  return new Promise((ok, fail) => {
    const p = spawn(TSX[0], [...TSX.slice(1), "api/server.ts"], { cwd: ROOT, env: { ...process.env, JOBS: "", JOBS_LOG: "debug", API_PORT: "0", ...env } });
    let out = "";
    const timer = setTimeout(() => fail(new Error(`API did not start: ${out}`)), 40_000);
    p.stdout!.on("data", (d) => {
      out += d;
      if (out.includes("API listening")) {
        clearTimeout(timer);
        ok(Object.assign(p, { output: () => out }));
      }
    });
    p.stderr!.on("data", (d) => (out += d));
    p.on("exit", (code) => fail(new Error(`API exited (${code}): ${out}`)));
  });
}
const stop = (p: ChildProcess) => new Promise<void>((r) => (p.exitCode !== null ? r() : (p.once("exit", () => r()), p.kill("SIGTERM"))));

describe("scheduled jobs", () => {
  it("runs each slot exactly once when two API processes share the database", async () => {
    const tick = join(dir, "ticks.log");
    writeFileSync(tick, "");
    const env = { DATABASE_URL: t.api.deps.config.databaseUrl, UPLOAD_DIR: join(dir, "uploads"), JOBS_TEST_TICK: tick };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    let bothUp = "";
    try {
      bothUp = new Date().toISOString();
      await sleep(4_500);
    } finally {
      await Promise.all([stop(a), stop(b)]);
    }
    const lines = readFileSync(tick, "utf8").trim().split("\n").filter(Boolean);
    const rows = await runsOf("test-tick");
    const slotsRun = lines.map((l) => l.split(" ")[0]!);
    // Every slot the function ran for was run once, by one of the two processes.
    expect(new Set(slotsRun).size).toBe(slotsRun.length);
    for (const l of lines) expect([String(a.pid), String(b.pid)]).toContain(l.split(" ")[1]);
    // While both were up, every second had its slot (none lost to the other instance) and one history row each.
    const whileBoth = slotsRun.filter((s) => s >= bothUp);
    expect(whileBoth.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((r) => r.slot).sort()).toEqual([...slotsRun].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ attempt: 1, trigger: "schedule", status: "ok" });
      expect(JSON.parse(r.result!)).toMatchObject({ appended: 1 });
      expect(new Date(r.slot).getMilliseconds()).toBe(0);
    }
    // Both instances tried every such slot: the one that did not run it saw the other's claim.
    const taken = (p: { output(): string }) => [...p.output().matchAll(/\[jobs\] test-tick (\S+) taken by another instance/g)].map((m) => m[1]);
    const lost = [...taken(a), ...taken(b)];
    for (const slot of whileBoth.slice(0, -1)) expect(lost, slot).toContain(slot);
    const seconds = whileBoth.map((s) => ms(s) / 1000).sort((x, y) => x - y);
    expect(seconds[seconds.length - 1]! - seconds[0]!).toBe(seconds.length - 1); // consecutive seconds, none skipped
  }, 60_000);

  it("retries a failing run with exponential backoff and records every attempt", async () => {
    let calls = 0;
    const flaky: JobDefinition = {
      name: "test-flaky",
      description: "fails twice",
      schedule: "* * * * * *",
      attempts: 3,
      backoffMs: 150,
      async run({ attempt }) {
        calls++;
        if (attempt < 3) throw new Error(`boom ${attempt}`);
        return { touched: 7 };
      },
    };
    const outcome = await runJob(t.api.deps, flaky, "2026-01-01T00:00:00.000Z");
    expect(outcome).toMatchObject({ ran: true, status: "ok", attempts: 3, result: { touched: 7 } });
    expect(calls).toBe(3);
    const rows = await runsOf("test-flaky");
    expect(rows.map((r) => [r.attempt, r.status, JSON.parse(r.result!)])).toEqual([
      [1, "retrying", { error: "boom 1" }],
      [2, "retrying", { error: "boom 2" }],
      [3, "ok", { touched: 7 }],
    ]);
    expect(ms(rows[1]!.started_at) - ms(rows[0]!.finished_at)).toBeGreaterThanOrEqual(145);
    expect(ms(rows[2]!.started_at) - ms(rows[1]!.finished_at)).toBeGreaterThanOrEqual(295);
    for (const r of rows) expect(ms(r.finished_at)).toBeGreaterThanOrEqual(ms(r.started_at));

    // The slot is taken: running it again (another instance, a late tick) does nothing.
    expect(await runJob(t.api.deps, flaky, "2026-01-01T00:00:00.000Z")).toEqual({ ran: false });
    expect(calls).toBe(3);

    const broken: JobDefinition = { ...flaky, name: "test-broken", attempts: 2, backoffMs: 10, run: async () => Promise.reject(new Error("always")) };
    expect(await runJob(t.api.deps, broken, "s1")).toMatchObject({ ran: true, status: "failed", attempts: 2 });
    expect((await runsOf("test-broken")).map((r) => [r.attempt, r.status, r.result])).toEqual([
      [1, "retrying", JSON.stringify({ error: "always" })],
      [2, "failed", JSON.stringify({ error: "always" })],
    ]);
  });

  it("schedules in a single instance (the embedded default): one run per second", async () => {
    const seen: string[] = [];
    const job: JobDefinition = {
      name: "test-single",
      description: "records its slots",
      schedule: "* * * * * *",
      run: async ({ slot }) => (seen.push(slot), { slot }),
    };
    // Several schedulers in one process (tests start several APIs) do not clash.
    const builtIn = [startScheduler(t.api.deps), startScheduler(t.api.deps)];
    await Promise.all(builtIn.map((b) => b.stop()));
    const s = startScheduler(t.api.deps, { jobs: [job] });
    await sleep(2_600);
    await s.stop();
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const rows = await runsOf("test-single");
    expect(rows.map((r) => r.slot)).toEqual(seen);
    expect(rows.every((r) => r.status === "ok" && r.trigger === "schedule")).toBe(true);
  });
});

describe("push outbox", () => {
  /** Sends a notification to one person through the API: one pending outbox row. */
  async function sendOne(title: string, phone: string): Promise<number> {
    const admin6 = await t.token(phoneOf(6));
    const draft = await t.call("POST", "users/push/", { token: admin6, form: { title, content: "c", phones: phone } });
    expect(draft.code).toBe(200);
    const sent = await t.call("POST", `users/push/${draft.data.id}/send/`, { token: admin6 });
    expect(sent.code).toBe(200);
    return draft.data.id as number;
  }
  const rowsOf = (notificationId: number) => db().selectFrom("push_outbox").selectAll().where("notification_id", "=", notificationId).execute();

  it("keeps deliveries that fail for a later attempt, with backoff, and gives up after the last", async () => {
    const id = await sendOne("outbox retry", phoneOf(5));
    const [queued] = await rowsOf(id);
    expect(queued).toMatchObject({ status: "pending", attempts: 0, delivered_at: null });

    const down: PushGateway = { name: "down", deliver: async () => Promise.reject(new Error("gateway down")) };
    const first = await drainPushOutbox(t.api.deps, { gateway: down, maxAttempts: 3, retryBaseMs: 200 });
    expect(first.retrying).toBeGreaterThanOrEqual(1);
    expect(first.notificationIds).toContain(id);
    let [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "gateway down" });
    expect(ms(row!.next_attempt_at) - Date.now()).toBeGreaterThan(100);

    // Not due yet: a drain right away leaves it alone.
    const delivered: number[] = [];
    const up: PushGateway = { name: "up", deliver: async (d) => void delivered.push(d.id) };
    expect((await drainPushOutbox(t.api.deps, { gateway: up })).notificationIds).not.toContain(id);
    expect(delivered).not.toContain(row!.id);

    await sleep(250);
    await drainPushOutbox(t.api.deps, { gateway: up });
    [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, last_error: null, next_attempt_at: null });
    expect(row!.delivered_at).toBeTruthy();
    expect(delivered).toContain(row!.id);

    const id2 = await sendOne("outbox gives up", phoneOf(5));
    await drainPushOutbox(t.api.deps, { gateway: down, maxAttempts: 1 });
    expect(await rowsOf(id2)).toMatchObject([{ status: "failed", attempts: 1, last_error: "gateway down" }]);
  });

  it("`npm run job push-outbox` delivers the pending rows by hand and records the run", async () => {
    const id = await sendOne("outbox by hand", phoneOf(6));
    const env = { DATABASE_URL: t.api.deps.config.databaseUrl, UPLOAD_DIR: join(dir, "uploads") };
    const manual = await run(["scripts/job.ts", "push-outbox"], env);
    expect(manual.out).toContain("push-outbox: ok");
    expect(manual.code).toBe(0);
    expect(await rowsOf(id)).toMatchObject([{ status: "delivered", attempts: 1 }]);
    const last = (await runsOf("push-outbox")).at(-1)!;
    expect(last).toMatchObject({ trigger: "manual", status: "ok", attempt: 1 });
    expect(last.slot).toMatch(/^manual:/);
    expect(JSON.parse(last.result!).notificationIds).toContain(id);

    const list = await run(["scripts/job.ts", "--list"], env);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/upload-cleanup +17 \* \* \* \*/);
    expect(list.out).toMatch(/push-outbox .*last: ok/);
  }, 40_000);

  it("upload-cleanup removes temporary uploads older than a day, and only those", async () => {
    const { uploadCleanupJob } = await import("@api/jobs/upload-cleanup");
    const store = t.api.deps.files.store;
    await store.put("temp", "u1/old.png", Readable.from([Buffer.from("old")]), { contentType: "image/png" });
    await store.put("temp", "u1/new.png", Readable.from([Buffer.from("new")]), { contentType: "image/png" });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    expect(store.kind).toBe("local"); // the embedded default: the object's age is its file's time
    await utimes(join(t.api.deps.config.uploadDir, "temp", "u1/old.png"), twoDaysAgo, twoDaysAgo);
    const outcome = await runJob(t.api.deps, uploadCleanupJob, "manual:cleanup-test", "manual");
    expect(outcome).toMatchObject({ ran: true, status: "ok", result: { removedObjects: 1, removedRows: 0 } });
    expect(await store.stat("temp", "u1/old.png")).toBeNull();
    expect(await store.stat("temp", "u1/new.png")).not.toBeNull();
    expect((await runsOf("upload-cleanup")).at(-1)).toMatchObject({
      trigger: "manual",
      status: "ok",
      result: JSON.stringify({ removedObjects: 1, removedRows: 0 }),
    });
  });
});
