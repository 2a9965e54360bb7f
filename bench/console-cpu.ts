/**
 * The console's CPU time per users-list document, side by side with the console at a base commit (issue 28, item 3:
 * ≤ 0.65× of 96163f9). CPU time of the console process (/proc/<pid>/stat utime + stime), not latency: both consoles
 * serve the same authenticated GETs against the same API and database, in alternating rounds so that the machine's
 * load weighs on both alike.
 *
 * The base commit is checked out in bench/.tmp/base-<commit> (git worktree, detached) with its own node_modules
 * (npm ci: its package-lock differs from today's) and its own build; both are kept between runs.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { join } from "node:path";

export const BASE_COMMIT = process.env.BENCH_BASE_COMMIT || "96163f9";
/** Budget: the console's CPU per document at most this share of the base commit's (issue 28, item 3). */
export const CPU_RATIO_BUDGET = 0.65;
/** Requests per console and encoding: ROUNDS rounds of PER_ROUND, the two consoles alternating. */
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS || 8);
const PER_ROUND = Number(process.env.BENCH_CPU_PER_ROUND || 50);
/** Requests per console before measuring: a fresh process is still compiling its hot paths (the first few hundred documents cost up to a third more). */
const WARM_UP = Number(process.env.BENCH_CPU_WARM_UP || 300);

const TICK_MS = 1000 / (Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100);

/** utime + stime of a process (all its threads: JIT and GC included), in ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at state, field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 * 2 ** 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) failed:\n${r.stdout?.slice(-3000)}\n${r.stderr?.slice(-3000)}`);
  return r.stdout.trim();
}

/**
 * The base commit's console, built in its own worktree: answers its directory (run scripts/serve-console.cjs there).
 * node_modules is linked to ours when the commit's package.json, package-lock.json and patches/ equal today's, else
 * installed there with npm ci (once; kept while the lock file is unchanged).
 */
export function prepareBase(root: string, tmp: string, log: (...a: unknown[]) => void): string {
  const commit = run("git", ["rev-parse", "--short", `${BASE_COMMIT}^{commit}`], root);
  const dir = join(tmp, `base-${commit}`);
  if (!existsSync(join(dir, ".git"))) {
    log(`checking out ${commit} in ${dir}`);
    run("git", ["worktree", "add", "--detach", dir, commit], root);
  }
  const sameDeps = spawnSync("git", ["diff", "--quiet", commit, "HEAD", "--", "package-lock.json", "package.json", "patches/"], { cwd: root }).status === 0;
  const stamp = join(dir, "node_modules", ".bench-installed");
  if (sameDeps && !existsSync(join(dir, "node_modules"))) run("ln", ["-s", join(root, "node_modules"), join(dir, "node_modules")], dir);
  if (!sameDeps && !existsSync(stamp)) {
    log(`npm ci in ${dir} (its package-lock.json differs from today's; once)`);
    run("npm", ["ci", "--no-audit", "--no-fund"], dir);
    run("touch", [stamp], dir);
  }
  if (!existsSync(join(dir, "build", "index.js"))) {
    log(`building ${commit}`);
    run("npx", ["remix", "build"], dir);
  }
  return dir;
}

function get(url: string, headers: Record<string, string>, agent: http.Agent): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export interface CpuTarget {
  name: string;
  base: string;
  pid: number;
  cookie: string;
}
export interface CpuResult {
  encoding: "identity" | "br";
  /** CPU ms per document, per target (same order as the targets). */
  perDoc: number[];
  requests: number;
  errors: number[];
}

/**
 * ROUNDS rounds of PER_ROUND sequential GETs of `page` per target, targets alternating (first one, then the other,
 * the order reversed every round): CPU ms per document of each console process.
 */
export async function measureCpu(targets: CpuTarget[], page: string, encoding: "identity" | "br", mustContain: string): Promise<CpuResult> {
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const headers = (t: CpuTarget) => ({ cookie: t.cookie, "accept-language": "zh-CN", "accept-encoding": encoding });
  const cpu = targets.map(() => 0);
  const errors = targets.map(() => 0);
  try {
    for (const [i, t] of targets.entries()) for (let n = 0; n < WARM_UP; n++) await get(t.base + page, headers(t), agents[i]!);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
      for (const i of order) {
        const t = targets[i]!;
        const before = cpuMs(t.pid);
        for (let n = 0; n < PER_ROUND; n++) {
          const r = await get(t.base + page, headers(t), agents[i]!);
          // Compressed bodies are not searched; their status must be 200.
          if (r.status !== 200 || (encoding === "identity" && !r.body.includes(mustContain))) errors[i]!++;
        }
        cpu[i]! += cpuMs(t.pid) - before;
      }
    }
  } finally {
    for (const a of agents) a.destroy();
  }
  const requests = ROUNDS * PER_ROUND;
  return { encoding, perDoc: cpu.map((c) => c / requests), requests, errors };
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

/** Markdown: both commits' CPU ms per document, the ratio and the budget, and the machine's load around the run. */
export function cpuMarkdown(targets: CpuTarget[], results: CpuResult[], loadBefore: string, page: string): string[] {
  const out = [
    `## Console CPU per users-list document (issue 28: ≤ ${CPU_RATIO_BUDGET}× of ${BASE_COMMIT})`,
    "",
    `CPU time (utime + stime) of each console process over ${results[0]?.requests ?? 0} sequential authenticated GETs of ${page} per encoding, the two consoles alternating in rounds of ${PER_ROUND}, same API and database. Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${load()}; ${os.availableParallelism()} CPUs.`,
    "",
    `| encoding | ${targets.map((t) => `${t.name} CPU ms/doc`).join(" | ")} | ratio | budget |`,
    `|---|${targets.map(() => "---:|").join("")}---:|---|`,
  ];
  for (const r of results) {
    const ratio = r.perDoc[0]! / r.perDoc[1]!;
    const errs = r.errors.some((e) => e) ? ` (errors: ${r.errors.join(" / ")})` : "";
    out.push(
      `| ${r.encoding === "br" ? "br" : "none"} | ${r.perDoc.map((c) => fmt(c, 2)).join(" | ")} | ${fmt(ratio, 2)}× | ${ratio <= CPU_RATIO_BUDGET ? "met" : "over"}${errs} |`,
    );
  }
  out.push("");
  return out;
}

export { load as loadAverage };
