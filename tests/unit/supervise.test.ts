import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import net from "node:net";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { supervise } from "../../scripts/supervise";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (what: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(20);
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The delays announced by "restarting in X s" log lines, in ms. */
const delaysOf = (lines: string[]) => lines.map((l) => Math.round(Number(/restarting in ([\d.]+) s/.exec(l)?.[1]) * 1000));

describe("supervise (scripts/supervise.ts): a crashed child process restarts with growing backoff", () => {
  it("restarts a child that keeps crashing, doubling the wait up to the cap, with a log line each time", async () => {
    const lines: string[] = [];
    const s = supervise({
      name: "crasher",
      command: process.execPath,
      args: ["-e", "process.exit(3)"],
      stdio: "ignore",
      minDelayMs: 40,
      maxDelayMs: 200,
      log: (l) => lines.push(l),
    });
    await until(() => s.restarts >= 5);
    await s.stop();
    expect(lines[0]).toBe("[start] crasher stopped (exit code 3); restarting in 0.04 s");
    expect(delaysOf(lines).slice(0, 5)).toEqual([40, 80, 160, 200, 200]);
    const after = s.restarts;
    await sleep(400);
    expect(s.restarts).toBe(after); // stop() ends the cycle
  });

  it("a run longer than stableMs resets the backoff to the minimum", async () => {
    const lines: string[] = [];
    // Run n (counted in a file): crashes at once, except the third run, which lives 3 s (longer than stableMs;
    // the margins allow for a slow Node start on a busy machine).
    const counter = join(mkdtempSync(join(os.tmpdir(), "kg-sup-")), "runs");
    const script = `const fs=require("fs"), f=process.argv[1]; const n=fs.existsSync(f)?+fs.readFileSync(f,"utf8"):0; fs.writeFileSync(f,String(n+1)); setTimeout(()=>process.exit(1), n===2?3000:0)`;
    const s = supervise({
      name: "flaky",
      command: process.execPath,
      args: ["-e", script, counter],
      stdio: "ignore",
      minDelayMs: 30,
      maxDelayMs: 1000,
      stableMs: 2000,
      log: (l) => lines.push(l),
    });
    await until(() => lines.length >= 4);
    await s.stop();
    expect(delaysOf(lines).slice(0, 4)).toEqual([30, 60, 30, 60]);
  });

  it("stop() ends a running child with SIGTERM (SIGKILL after the grace period if it ignores it) and does not restart it", async () => {
    const lines: string[] = [];
    const script = "process.on('SIGTERM',()=>{}); console.log('ready'); setInterval(()=>{},1000)";
    const s = supervise({
      name: "stubborn",
      command: process.execPath,
      args: ["-e", script],
      stdio: ["ignore", "pipe", "ignore"],
      killAfterMs: 300,
      log: (l) => lines.push(l),
    });
    let out = "";
    s.child!.stdout!.on("data", (b: Buffer) => (out += b));
    await until(() => out.includes("ready")); // SIGTERM is ignored from here on
    const pid = s.child!.pid!;
    expect(alive(pid)).toBe(true);
    const t0 = Date.now();
    await s.stop();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(alive(pid)).toBe(false);
    await sleep(200);
    expect(s.child).toBeNull();
    expect(lines).toEqual([]);
  });

  it("a child killed from outside is back after the backoff", async () => {
    const lines: string[] = [];
    const s = supervise({
      name: "worker",
      command: process.execPath,
      args: ["-e", "setInterval(()=>{},1000)"],
      stdio: "ignore",
      minDelayMs: 50,
      log: (l) => lines.push(l),
    });
    await sleep(200);
    const first = s.child!.pid!;
    process.kill(first, "SIGKILL");
    await until(() => s.restarts === 1 && s.child !== null);
    expect(s.child!.pid).not.toBe(first);
    expect(lines).toEqual(["[start] worker stopped (SIGKILL); restarting in 0.05 s"]);
    await s.stop();
  });
});

/** A non-loopback IPv4 address of this machine, if any. */
const externalIPv4 = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
const connects = (host: string, port: number) =>
  new Promise<boolean>((r) => {
    const s = net.connect(port, host);
    s.once("connect", () => (s.destroy(), r(true)));
    s.once("error", () => r(false));
  });

describe.skipIf(!existsSync("build/index.js"))("npm start (scripts/start.ts): the console's address (needs build/index.js)", () => {
  it("listens on 127.0.0.1 only when HOST is not set; SIGTERM stops it cleanly", async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      API_BASE_URL: "http://127.0.0.1:9/",
      SESSION_SECRET: "supervise-test-secret-0123456789abcdef",
    };
    delete env.HOST;
    const p = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (b: Buffer) => (out += b));
    p.stderr.on("data", (b: Buffer) => (out += b));
    try {
      await until(() => out.includes("Console:"), 60_000);
      expect(await connects("127.0.0.1", port)).toBe(true);
      const ip = externalIPv4();
      if (ip) expect(await connects(ip, port)).toBe(false);
      expect(out).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}`)); // remix-serve names the address it bound
    } finally {
      const exited = new Promise<number | null>((r) => p.once("exit", (code) => r(code)));
      p.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
    expect(await connects("127.0.0.1", port)).toBe(false);
  }, 90_000);
});
