/**
 * npm run bench — the console's and the API's latency and throughput on the LARGE data set, and the
 * bytes of JavaScript and CSS a browser downloads (issue 4, "The benchmark").
 *
 * For each data size (default 50 kindergartens / 15,000 students and 200 / 60,000):
 *   1. a fresh SQLite database under bench/.tmp/ with the demo data and the large set (api/db/seed-cli.ts --large);
 *   2. the API (API_PORT 8977) and the console (PORT 3977, a copy of build/ and public/build in bench/.tmp/console,
 *      so that others rebuilding the shared build/ do not disturb the run) as child processes;
 *   3. logins: a kindergarten admin of the busiest kindergarten of the large set and the super admin, through the
 *      console's own login form (session cookie) and through POST token/login (API token);
 *   4. for each list: authenticated GETs of the console page HTML and of the API list alone, at 1 and 50
 *      concurrent clients (keep-alive, loopback, bounded count and duration): median, p95, requests/s;
 *   5. a 20 MB video and a 2 MB image uploaded through the console, with the console's and the API's memory
 *      (bench/uploads.ts);
 *   6. the gzipped bytes of every <script src>, modulepreload and stylesheet of several page kinds (login, home,
 *      resource list, create form, statistics…) and of the translations each document carries: JavaScript + CSS +
 *      translations per page are held to BUDGET_KB (issue 28: ≤ 115 KB gzipped); a page over it makes the bench exit
 *      with code 2 after writing the results. Then the ten heaviest pages of the whole route table, from the build
 *      and the translations measured per route (scripts/page-bytes.ts, as tests/unit/js-budget.test.ts counts them),
 *      gzip and brotli.
 * Prints Markdown tables (console and API latency and their ratio, target ≤ 1.3×) and writes them to
 * bench/results.md with the machine description.
 *
 * Then a write run: the API alone on a fresh SQLite database (demo data), 10 clients creating and renaming places
 * as a kindergarten admin for BENCH_WRITE_SECONDS (default 60), with the API's RSS at start, middle and end.
 *
 * `npm run bench -- --build` measures the current sources (a private build) instead of a copy of build/;
 * `npm run bench -- --writes-only` runs only the write run.
 * Settings (environment): BENCH_SIZES="50x15000,200x60000", BENCH_API_PORT=8977, BENCH_PORT=3977,
 * BENCH_WRITE_SECONDS=60, BENCH_QUICK=1 (small counts, for developing the bench itself), BENCH_BUDGET_KB=115,
 * BENCH_CONSOLE_WORKERS=1 (console processes, scripts/serve-console.cjs).
 *
 * The console's CPU per users-list document beside the console at 96163f9 (issue 28, bench/console-cpu.ts) is measured
 * at the first size, the base console on BENCH_BASE_PORT (default BENCH_PORT + 1). `BENCH_ONLY=cpu npm run bench` runs
 * only that (first size; a few minutes); BENCH_KEEP_DB=1 reuses the database a previous run seeded.
 *
 * Time to usable against the old console (issue 28, bench/hydration.ts) at the first size when BENCH_ANCHOR_DIR names
 * the old console's build (vue-element-admin 4.4.0 `dist/`, built outside this repository); BENCH_ANCHOR_PORT=3990
 * (and the two ports after it for the HTTP/2 fronts). `BENCH_ONLY=hydration npm run bench` runs only that.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { sql } from "kysely";
import { aesEncrypt, DEFAULT_AES_IV, DEFAULT_AES_KEY } from "../contract/crypto";
import { openDb } from "../api/db/index";
import { largestViewBytes, lazyViewNames } from "../scripts/lazy-views";
import { pageBytes } from "../scripts/page-bytes";
import { PAGE_TRANSLATIONS_FILE, type PageTranslationSizes } from "../tests/fixtures/page-translations";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TMP = join(ROOT, "bench", ".tmp");
const CONSOLE_DIR = join(TMP, "console");
const API_PORT = Number(process.env.BENCH_API_PORT || 8977);
const PORT = Number(process.env.BENCH_PORT || 3977);
const API = `http://127.0.0.1:${API_PORT}/`;
const CONSOLE = `http://127.0.0.1:${PORT}`;
/** The base commit's console (bench/console-cpu.ts), beside ours for the CPU comparison. */
const BASE_PORT = Number(process.env.BENCH_BASE_PORT || PORT + 1);
/** BENCH_ONLY=cpu: only the console CPU comparison (first size only), minutes instead of the whole bench. */
const CPU_ONLY = process.env.BENCH_ONLY === "cpu";
/** BENCH_ONLY=hydration: only the time to usable against the old console (first size only; needs BENCH_ANCHOR_DIR). */
const HYDRATION_ONLY = process.env.BENCH_ONLY === "hydration";
const FOCUSED = CPU_ONLY || HYDRATION_ONLY;
const QUICK = Boolean(process.env.BENCH_QUICK);
const PASSWORD = "Sunny#2026";
const SUPER_ADMIN = "13800000006";
const SIZES = (process.env.BENCH_SIZES || "50x15000,200x60000").split(",").map((s) => {
  const [k, st] = s.split("x").map(Number);
  return { kindergartens: k!, students: st! };
});
/** Per measurement: at most this many requests, or this long (whichever comes first). */
const LIMITS = QUICK ? { 1: { requests: 10, ms: 3000 }, 50: { requests: 100, ms: 4000 } } : { 1: { requests: 60, ms: 8000 }, 50: { requests: 500, ms: 12000 } };
const CONCURRENCY = [1, 50] as const;
/** A list page that really shows rows (the resource list's row marker; an upstream error renders none). */
const ROW_MARKER = 'data-testid="resource-row"';
/** Budget of JavaScript + CSS + translations per page, KB gzipped (issue 28); over it, the bench fails (exit code 2). */
const BUDGET_KB = Number(process.env.BENCH_BUDGET_KB || 115);
/** Target of the console's overhead: its median latency at most this many times the API's (reported, not enforced). */
const RATIO_TARGET = 1.3;
/** Console processes sharing its port (scripts/serve-console.cjs); BENCH_CONSOLE_WORKERS=2 measures two. */
const CONSOLE_WORKERS = Number(process.env.BENCH_CONSOLE_WORKERS || 1);
/** The uploads' table (bench/uploads.ts), measured with the console and the API of the last size. */
let uploadLines: string[] = [];
/** The console CPU comparison's table (bench/console-cpu.ts), measured at the first size. */
let cpuLines: string[] = [];
let hydrationLines: string[] = [];

const log = (...a: unknown[]) => console.log("[bench]", ...a);

// ------------------------------------------------------------------------------------------------
// Processes
// ------------------------------------------------------------------------------------------------
const children: ChildProcess[] = [];
function start(name: string, args: string[], opts: { cwd: string; env: Record<string, string> }): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (b: Buffer) => (tail = (tail + b.toString()).slice(-4000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  child.on("exit", (code, signal) => {
    if (!stopping.has(child)) console.error(`[bench] ${name} exited unexpectedly (${signal ?? code}):\n${tail}`);
  });
  children.push(child);
  return child;
}
const stopping = new Set<ChildProcess>();
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  stopping.add(child);
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await gone;
  clearTimeout(timer);
}
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    for (const c of children) c.kill("SIGTERM");
    process.exit(130);
  });

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

// ------------------------------------------------------------------------------------------------
// HTTP (node:http with a keep-alive agent per measurement)
// ------------------------------------------------------------------------------------------------
interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
function request(url: string, o: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {}): Promise<Got> {
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.body !== undefined) headers["content-length"] = String(Buffer.byteLength(o.body));
    const req = http.request(url, { method: o.method ?? "GET", headers, agent: o.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(60000, () => req.destroy(new Error("timeout")));
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}
const setCookies = (h: http.IncomingHttpHeaders) => (h["set-cookie"] ?? []).map((c) => c.split(";")[0]!);

interface Stats {
  n: number;
  errors: number;
  median: number;
  p95: number;
  rps: number;
}
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

/** `concurrency` clients issue GETs back to back until the request or time budget is spent. */
async function measure(url: string, headers: Record<string, string>, concurrency: number, mustContain: string): Promise<Stats> {
  const limit = LIMITS[concurrency as 1 | 50];
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    // Warm-up: JIT, caches, then open the connections.
    for (let i = 0; i < (QUICK ? 5 : 20); i++) await request(url, { headers, agent });
    await Promise.all(Array.from({ length: concurrency }, () => request(url, { headers, agent })));
    const lat: number[] = [];
    let issued = 0;
    let errors = 0;
    const t0 = performance.now();
    const deadline = t0 + limit.ms;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < limit.requests && performance.now() < deadline) {
          issued++;
          const s = performance.now();
          const r = await request(url, { headers, agent }).catch(() => null);
          lat.push(performance.now() - s);
          // A page that rendered an error state (upstream failure) instead of the list counts as an error.
          if (!r || r.status !== 200 || !r.body.includes(mustContain)) errors++;
        }
      }),
    );
    const elapsed = performance.now() - t0;
    lat.sort((a, b) => a - b);
    return { n: lat.length, errors, median: quantile(lat, 0.5), p95: quantile(lat, 0.95), rps: (lat.length / elapsed) * 1000 };
  } finally {
    agent.destroy();
  }
}

// ------------------------------------------------------------------------------------------------
// Logins
// ------------------------------------------------------------------------------------------------
const enc = (p: string) => aesEncrypt(p, { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV });

async function apiToken(phone: string): Promise<string> {
  const body = new URLSearchParams({ phone, password: enc(PASSWORD), platform: "pc" }).toString();
  const r = await request(API + "token/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", appid: "kg-admin-pc" },
    body,
  });
  const json = JSON.parse(r.body.toString()) as { code: number; msg: string; data: { token: string } };
  if (json.code !== 200) throw new Error(`API login ${phone}: ${json.code} ${json.msg}`);
  return json.data.token;
}

/** Logs in through the console's own form (CSRF cookie + field), answers the Cookie header to send. */
async function consoleCookie(phone: string, base = CONSOLE): Promise<string> {
  const page = await request(`${base}/login`);
  const cookies = setCookies(page.headers);
  const csrf = /name="csrf"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf"/.exec(page.body.toString());
  if (!csrf) throw new Error("no CSRF field on /login");
  const body = new URLSearchParams({ phone, password: PASSWORD, csrf: csrf[1] ?? csrf[2]!, redirectTo: "/Home" }).toString();
  const r = await request(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; "), origin: base },
    body,
  });
  const all = [...cookies.filter((c) => !setCookies(r.headers).some((n) => n.split("=")[0] === c.split("=")[0])), ...setCookies(r.headers)];
  if (r.status !== 302 || !all.some((c) => c.startsWith("kg_session="))) throw new Error(`console login ${phone}: HTTP ${r.status}`);
  return all.join("; ");
}

// ------------------------------------------------------------------------------------------------
// Scenarios
// ------------------------------------------------------------------------------------------------
interface Scenario {
  key: string;
  label: string;
  who: "admin" | "super";
  page: string;
  api: string;
}
function scenarios(): Scenario[] {
  return [
    { key: "users-p1", label: "Users, first page", who: "admin", page: "/user/userAdministration", api: "users/?pageSize=10" },
    {
      key: "users-deep",
      label: "Users, page 200 (super admin)",
      who: "super",
      page: "/user/userAdministration?currentPage=200",
      api: "users/?currentPage=200&pageSize=10",
    },
    {
      key: "users-search",
      label: "Users, keyword 王 (super admin)",
      who: "super",
      page: "/user/userAdministration?keyword=%E7%8E%8B",
      api: "users/?keyword=%E7%8E%8B&pageSize=10",
    },
    { key: "classes", label: "Classes, all kindergartens (super admin)", who: "super", page: "/kindergarten/class", api: "kindergartens/classes/?pageSize=10" },
    // Teaching (issue 12): a school year of observations of the busiest kindergarten (kindergarten admin).
    {
      key: "observations",
      label: "Observations, a school year (kindergarten admin)",
      who: "admin",
      page: "/teaching/anecdoteFile",
      api: "teaching/observations/?pageSize=10",
    },
    // Fallbacks while the users page is a placeholder:
    { key: "places", label: "Places (kindergarten admin)", who: "admin", page: "/kindergarten/place", api: "kindergartens/places/?pageSize=10" },
    {
      key: "student-parents",
      label: "Student–parent bindings (kindergarten admin)",
      who: "admin",
      page: "/user/studentParent",
      api: "users/students/parents/?pageSize=10",
    },
  ];
}

interface Row {
  size: string;
  scenario: Scenario;
  side: "console" | "API";
  concurrency: number;
  stats: Stats;
}

// ------------------------------------------------------------------------------------------------
// Assets: what a browser downloads for a page (gzipped)
// ------------------------------------------------------------------------------------------------
interface AssetBytes {
  page: string;
  kind: string;
  js: number;
  css: number;
  translations: number;
  files: number;
}
/** The console's lazily loaded views (scripts/lazy-views.ts). */
const LAZY_VIEWS = lazyViewNames(join(ROOT, "app"));

async function assetBytes(kind: string, page: string, cookie?: string): Promise<AssetBytes> {
  const r = await request(CONSOLE + page, { headers: cookie ? { cookie } : {} });
  if (r.status !== 200) throw new Error(`${page}: HTTP ${r.status}`);
  const html = r.body.toString();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? "";
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /(^|\s)(modulepreload|stylesheet)(\s|$)/.test(rel)) urls.add(href);
  }
  // Modules the inline bootstrap script imports.
  for (const m of html.matchAll(/import\s*(?:\(\s*)?["'](\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  const gz = new Map<string, { bytes: number; text: string; css: boolean }>();
  const fetchAsset = async (u: string) => {
    const known = gz.get(u);
    if (known) return known;
    const res = await request(new URL(u, CONSOLE).toString());
    if (res.status !== 200) throw new Error(`${u}: HTTP ${res.status}`);
    const css = /\.css(\?|$)/.test(u) || String(res.headers["content-type"]).includes("css");
    const asset = { bytes: gzipSync(res.body).length, text: res.body.toString(), css };
    gz.set(u, asset);
    return asset;
  };
  let js = 0;
  let css = 0;
  for (const u of urls) {
    const a = await fetchAsset(u);
    if (a.css) css += a.bytes;
    else js += a.bytes;
  }
  // The page's view, where its route loads views lazily: the largest one, with the modules it adds.
  const viewBytes = await largestViewBytes(
    urls,
    LAZY_VIEWS,
    async (u) => (await fetchAsset(u)).text,
    async (u) => (await fetchAsset(u)).bytes,
  );
  js += viewBytes;
  // The translations the document carries (app/utils/translation-subset.server.ts).
  const inline = /<script type="application\/json" id="page-translations"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? "";
  return { kind, page: page.split("?")[0]!, js, css, translations: gzipSync(inline).length, files: urls.size };
}

const pageTotal = (a: AssetBytes) => a.js + a.css + a.translations;

/**
 * The ten heaviest pages of the route table (every leaf route), from the console copy's build and the translations
 * measured per route by tests/e2e/page-translations-size.spec.ts: JS, CSS, translations and total, gzip and brotli.
 */
async function heaviestPages(): Promise<string[]> {
  const measured = JSON.parse(readFileSync(join(ROOT, PAGE_TRANSLATIONS_FILE), "utf8")) as PageTranslationSizes;
  const sizes = (enc: "gz" | "br") => Object.fromEntries(Object.entries(measured).map(([route, m]) => [route, m[enc]]));
  const appDir = join(ROOT, "app");
  const gz = await pageBytes(CONSOLE_DIR, (t) => gzipSync(t).length, sizes("gz"), appDir);
  const br = new Map((await pageBytes(CONSOLE_DIR, (t) => brotliCompressSync(t).length, sizes("br"), appDir)).map((p) => [p.route, p]));
  const kb = (n: number) => fmt(n / 1024);
  return [
    `## The ten heaviest pages: bytes before usable (JS + CSS + translations, KB; budget ${BUDGET_KB} KB gzip; ${gz.length} pages)`,
    "",
    "| route | JS gz | CSS gz | translations gz | total gz | total br |",
    "|---|---:|---:|---:|---:|---:|",
    ...gz.slice(0, 10).map((p) => `| ${p.route} | ${kb(p.js)} | ${kb(p.css)} | ${kb(p.translations)} | ${kb(p.total)} | ${kb(br.get(p.route)!.total)} |`),
    "",
  ];
}

// ------------------------------------------------------------------------------------------------
// Main
// ------------------------------------------------------------------------------------------------
/** Every /build/ asset the server build refers to (its assets manifest). */
const referencedAssets = (serverBuild: string) => [
  ...new Set([...readFileSync(serverBuild, "utf8").matchAll(/"(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)),
];

/**
 * A private, consistent copy of the console build in bench/.tmp/console (others may rebuild build/ at any
 * time): build/ and public/ are copied, then every asset the server build names must exist in the copy;
 * a copy taken in the middle of someone's rebuild is retried.
 */
async function prepareConsole() {
  if (process.argv.includes("--build")) return privateBuild();
  if (!existsSync(join(ROOT, "build/index.js"))) {
    log("build/index.js is missing: npx remix build");
    const b = spawnSync("npx", ["remix", "build"], { cwd: ROOT, stdio: "inherit" });
    if (b.status !== 0) throw new Error("remix build failed");
  }
  for (let attempt = 1; ; attempt++) {
    rmSync(CONSOLE_DIR, { recursive: true, force: true });
    mkdirSync(join(CONSOLE_DIR, "public"), { recursive: true });
    cpSync(join(ROOT, "build"), join(CONSOLE_DIR, "build"), { recursive: true });
    cpSync(join(ROOT, "public"), join(CONSOLE_DIR, "public"), { recursive: true });
    writeFileSync(join(CONSOLE_DIR, "package.json"), JSON.stringify({ type: "module", private: true }));
    const missing = referencedAssets(join(CONSOLE_DIR, "build/index.js")).filter((u) => !existsSync(join(CONSOLE_DIR, "public", u)));
    if (!missing.length) return;
    if (attempt >= 10) throw new Error(`the build is inconsistent (${missing.length} assets missing, e.g. ${missing[0]}): run npx remix build`);
    log(`build/ is being rebuilt (${missing.length} assets missing); copying again in 5 s`);
    await new Promise((r) => setTimeout(r, 5000));
  }
}

/**
 * `npm run bench -- --build`: builds the current sources in a scratch copy outside the repository (app/, contract/
 * and the configs copied, node_modules linked; the shared build/ is left alone) into bench/.tmp/console.
 */
function privateBuild() {
  const src = join(os.tmpdir(), `kg-bench-src-${process.pid}`);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(join(src, "public"), { recursive: true });
  for (const d of ["app", "contract"]) cpSync(join(ROOT, d), join(src, d), { recursive: true });
  for (const f of ["remix.config.js", "tailwind.config.ts", "tsconfig.json", "package.json"]) cpSync(join(ROOT, f), join(src, f));
  cpSync(join(ROOT, "public"), join(src, "public"), { recursive: true, filter: (p) => !p.startsWith(join(ROOT, "public", "build")) });
  symlinkSync(join(ROOT, "node_modules"), join(src, "node_modules"));
  log(`building the current sources in ${src}`);
  const b = spawnSync("npx", ["remix", "build"], { cwd: src, encoding: "utf8" });
  if (b.status !== 0) throw new Error(`remix build failed:\n${b.stdout}\n${b.stderr}`);
  rmSync(CONSOLE_DIR, { recursive: true, force: true });
  mkdirSync(CONSOLE_DIR, { recursive: true });
  cpSync(join(src, "build"), join(CONSOLE_DIR, "build"), { recursive: true });
  cpSync(join(src, "public"), join(CONSOLE_DIR, "public"), { recursive: true });
  writeFileSync(join(CONSOLE_DIR, "package.json"), JSON.stringify({ type: "module", private: true }));
  rmSync(src, { recursive: true, force: true });
}

async function seed(dbFile: string, size: { kindergartens: number; students: number }) {
  // BENCH_KEEP_DB=1 (for developing a measurement): the database a previous run seeded, if present.
  if (!(process.env.BENCH_KEEP_DB && existsSync(dbFile))) await seedFresh(dbFile, size);
  return busiest(dbFile);
}

async function seedFresh(dbFile: string, size: { kindergartens: number; students: number }) {
  for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(dbFile + s, { force: true });
  const t0 = Date.now();
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", "api/db/seed-cli.ts", "--large", `--kindergartens=${size.kindergartens}`, `--students=${size.students}`],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `file:${dbFile}` },
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(`seed failed:\n${r.stdout}\n${r.stderr}`);
  log(r.stdout.trim().split("\n").join(" | "), `(${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

async function busiest(dbFile: string) {
  // The busiest kindergarten (most students) and its kindergarten admin (role 5).
  const h = openDb(`file:${dbFile}`);
  try {
    const busiest = await sql<{
      kg: number;
      n: number;
    }>`select kindergarten_id as kg, count(*) as n from students group by kindergarten_id order by n desc, kindergarten_id limit 1`.execute(h.db);
    const kg = Number(busiest.rows[0]!.kg);
    const admin = await sql<{
      phone: string;
    }>`select u.phone from users u join user_roles r on r.user_id = u.id where r.role_id = 5 and u.kindergarten_id = ${kg} order by u.id limit 1`.execute(h.db);
    const counts = await sql<{
      users: number;
      students: number;
    }>`select (select count(*) from users) as users, (select count(*) from students) as students`.execute(h.db);
    return {
      kg,
      students: Number(busiest.rows[0]!.n),
      adminPhone: admin.rows[0]!.phone,
      users: Number(counts.rows[0]!.users),
      totalStudents: Number(counts.rows[0]!.students),
    };
  } finally {
    await h.destroy();
  }
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

/** A console (scripts/serve-console.cjs of checkout `src`, serving `dir`/build/index.js) on `port`, against the bench's API. */
function startConsole(name: string, src: string, dir: string, port: number, workers: number): ChildProcess {
  return start(name, [join(src, "scripts/serve-console.cjs"), "build/index.js"], {
    cwd: dir,
    env: {
      PORT: String(port),
      API_PORT: String(API_PORT),
      API_BASE_URL: API,
      NODE_ENV: "production",
      SESSION_SECRET: "bench-session-secret",
      DATA_DIR: join(dir, "data"),
      CONSOLE_WORKERS: String(workers),
    },
  });
}

/**
 * Issue 28 item 3: our console's CPU per users-list document beside the base commit's (bench/console-cpu.ts), both
 * one process, same API and database, as the busiest kindergarten's admin; without and with brotli.
 */
async function cpuComparison(ours: ChildProcess, adminPhone: string): Promise<string[]> {
  const cpu = await import("./console-cpu");
  const baseDir = cpu.prepareBase(ROOT, TMP, log);
  const baseUrl = `http://127.0.0.1:${BASE_PORT}`;
  const baseProc = startConsole(`console at ${cpu.BASE_COMMIT}`, baseDir, baseDir, BASE_PORT, 1);
  try {
    await waitFor(`${baseUrl}/login`, 60000);
    const page = "/user/userAdministration";
    const targets = [
      { name: "this commit", base: CONSOLE, pid: ours.pid!, cookie: await consoleCookie(adminPhone) },
      { name: cpu.BASE_COMMIT, base: baseUrl, pid: baseProc.pid!, cookie: await consoleCookie(adminPhone, baseUrl) },
    ];
    const loadBefore = cpu.loadAverage();
    const results = [];
    for (const encoding of ["identity", "br"] as const) {
      const r = await cpu.measureCpu(targets, page, encoding, ROW_MARKER);
      log(
        `console CPU per document (${encoding}): ${r.perDoc.map((c, i) => `${targets[i]!.name} ${fmt(c, 2)} ms`).join(", ")}; ratio ${fmt(r.perDoc[0]! / r.perDoc[1]!, 2)}`,
      );
      results.push(r);
    }
    return cpu.cpuMarkdown(targets, results, loadBefore, page);
  } finally {
    await stop(baseProc);
  }
}

/** Time to usable beside the old console (bench/hydration.ts), signed in as the busiest kindergarten's admin. */
async function hydrationComparison(adminPhone: string): Promise<string[]> {
  const anchorDir = process.env.BENCH_ANCHOR_DIR;
  if (!anchorDir)
    return ["## Time to usable against the old console", "", "Not measured: BENCH_ANCHOR_DIR (the old console built, its dist/ folder) was not given.", ""];
  log("time to usable: the console beside the old console, throttled Chromium");
  const { benchHydration, hydrationMarkdown } = await import("./hydration");
  const rows = await benchHydration({
    consoleUrl: CONSOLE,
    anchorDir,
    anchorPort: Number(process.env.BENCH_ANCHOR_PORT || 3990),
    phone: adminPhone,
    password: PASSWORD,
    certDir: TMP,
  });
  return hydrationMarkdown(
    rows,
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" / ")}`,
  );
}

async function runSize(size: { kindergartens: number; students: number }, withAssets: boolean, withCpu: boolean) {
  const label = `${size.kindergartens} kg / ${size.students.toLocaleString("en")} st.`;
  const dbFile = join(TMP, `bench-${size.kindergartens}-${size.students}.db`);
  log(`— size ${label}: ${process.env.BENCH_KEEP_DB && existsSync(dbFile) ? "reusing" : "seeding"} ${dbFile}`);
  const info = await seed(dbFile, size);
  log(`busiest kindergarten ${info.kg} (${info.students} students), its admin ${info.adminPhone}; ${info.users} users, ${info.totalStudents} students in all`);

  const api = start("API", ["--import", "tsx", "api/server.ts"], {
    cwd: ROOT,
    env: { API_PORT: String(API_PORT), DATABASE_URL: `file:${dbFile}`, NODE_ENV: "production" },
  });
  const consoleProc = startConsole("console", ROOT, CONSOLE_DIR, PORT, CONSOLE_WORKERS);
  const rows: Row[] = [];
  const assets: AssetBytes[] = [];
  const notes: string[] = [];
  try {
    await waitFor(API + "openapi.json", 120000);
    await waitFor(`${CONSOLE}/login`, 60000);
    if (withCpu && !HYDRATION_ONLY) cpuLines = await cpuComparison(consoleProc, info.adminPhone);
    if (withCpu && !CPU_ONLY) hydrationLines = await hydrationComparison(info.adminPhone);
    if (FOCUSED) return { label, info, rows, assets, notes };
    const tokens = { admin: await apiToken(info.adminPhone), super: await apiToken(SUPER_ADMIN) };
    const cookies = { admin: await consoleCookie(info.adminPhone), super: await consoleCookie(SUPER_ADMIN) };

    // Which lists are real pages yet (a placeholder page has no table): users first; classes always.
    const chosen: Scenario[] = [];
    for (const s of scenarios()) {
      const page = await request(CONSOLE + s.page, { headers: { cookie: cookies[s.who] } });
      const apiReply = await request(API + s.api, { headers: { token: tokens[s.who], appid: "kg-admin-pc" } });
      const json = JSON.parse(apiReply.body.toString()) as { code: number; data?: { total?: number; list?: unknown[] } };
      const ok = page.status === 200 && page.body.toString().includes(ROW_MARKER) && json.code === 200;
      if (!ok) {
        notes.push(
          `${s.label}: not measured (console HTTP ${page.status}${page.body.toString().includes(ROW_MARKER) ? "" : ", no list rows on the page"}; API code ${json.code})`,
        );
        continue;
      }
      const usersReady = chosen.some((c) => c.key.startsWith("users"));
      if ((s.key === "places" || s.key === "student-parents") && usersReady) continue;
      notes.push(`${s.label}: ${json.data?.total ?? "?"} rows in all (${json.data?.list?.length ?? 0} on the page)`);
      chosen.push(s);
    }
    for (const s of chosen) {
      for (const c of CONCURRENCY) {
        const apiStats = await measure(API + s.api, { token: tokens[s.who], appid: "kg-admin-pc", lang: "zh-CN" }, c, '"code":200');
        rows.push({ size: label, scenario: s, side: "API", concurrency: c, stats: apiStats });
        const consoleStats = await measure(CONSOLE + s.page, { cookie: cookies[s.who], "accept-language": "zh-CN" }, c, ROW_MARKER);
        rows.push({ size: label, scenario: s, side: "console", concurrency: c, stats: consoleStats });
        log(
          `${s.label} c=${c}: API median ${fmt(apiStats.median)} ms, ${fmt(apiStats.rps, 0)} req/s; console median ${fmt(consoleStats.median)} ms, ${fmt(consoleStats.rps, 0)} req/s; console/API ${fmt(consoleStats.median / apiStats.median, 2)}×`,
        );
      }
    }
    if (withAssets) {
      // One page of each kind a browser loads first (a full document load: entry, route modules, preloads).
      const kinds: { kind: string; page: string; who?: "admin" | "super" }[] = [
        { kind: "login (public)", page: "/login" },
        { kind: "home", page: "/Home", who: "admin" },
        { kind: "resource list (users)", page: "/user/userAdministration", who: "admin" },
        { kind: "resource list (classes)", page: "/kindergarten/class", who: "super" },
        { kind: "create form (users)", page: "/user/userAdministration/new", who: "admin" },
        { kind: "create form (classes)", page: "/kindergarten/class/new", who: "admin" },
        { kind: "statistics", page: "/kindergarten/statistics", who: "super" },
        { kind: "optional functions", page: "/kindergarten/optionalFunction", who: "super" },
      ];
      for (const k of kinds) {
        try {
          assets.push(await assetBytes(k.kind, k.page, k.who ? cookies[k.who] : undefined));
        } catch (e) {
          notes.push(`JavaScript of ${k.page}: not measured (${e instanceof Error ? e.message : String(e)})`);
        }
      }
      // A 20 MB video and a 2 MB image through the console, with both processes' memory (issue 12).
      try {
        uploadLines = await (
          await import("./uploads")
        ).benchUploads({ console: CONSOLE, cookie: cookies.admin, consolePid: consoleProc.pid!, apiPid: api.pid! });
      } catch (e) {
        uploadLines = ["## Uploads through the console", "", `Not measured (${e instanceof Error ? e.message : String(e)}).`, ""];
      }
    }
  } finally {
    await stop(consoleProc);
    await stop(api);
  }
  return { label, info, rows, assets, notes };
}

// ------------------------------------------------------------------------------------------------
// Write run: the API's memory under a long write load (SQLite)
// ------------------------------------------------------------------------------------------------
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS || (QUICK ? 10 : 60));
const WRITE_CLIENTS = 10;
const WRITER = "13800000005"; // kindergarten admin of the demo data

/** Resident memory of a process in MB (ps: Linux and macOS). */
function rssMb(pid: number): number {
  return Number(spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim()) / 1024;
}

interface WriteRun {
  writes: number;
  errors: number;
  seconds: number;
  rss: { start: number; middle: number; end: number; max: number };
  walMb: number;
}

/** WRITE_CLIENTS clients create a place and rename it, back to back, for WRITE_SECONDS; RSS sampled every second. */
async function writeRun(): Promise<WriteRun> {
  const dbFile = join(TMP, "bench-writes.db");
  for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(dbFile + s, { force: true });
  const api = start("API", ["--import", "tsx", "api/server.ts"], {
    cwd: ROOT,
    env: { API_PORT: String(API_PORT), DATABASE_URL: `file:${dbFile}`, UPLOAD_DIR: join(TMP, "uploads"), NODE_ENV: "production" },
  });
  try {
    await waitFor(API + "openapi.json", 120000);
    const headers = { token: await apiToken(WRITER), appid: "kg-admin-pc", "content-type": "application/x-www-form-urlencoded" };
    const agent = new http.Agent({ keepAlive: true, maxSockets: WRITE_CLIENTS });
    const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
    const samples: number[] = [];
    let writes = 0;
    let errors = 0;
    const t0 = Date.now();
    const deadline = t0 + WRITE_SECONDS * 1000;
    const sampler = setInterval(() => samples.push(rssMb(api.pid!)), 1000);
    samples.push(rssMb(api.pid!));
    const ok = (r: Got | null) => r?.status === 200 && r.body.includes('"code":200');
    await Promise.all(
      Array.from({ length: WRITE_CLIENTS }, async (_, c) => {
        for (let i = 0; Date.now() < deadline; i++) {
          const made = await request(API + "kindergartens/places/", {
            method: "POST",
            headers,
            body: form({ name: `写入${c}-${i}`, capacity: "20", remark: "bench" }),
            agent,
          }).catch(() => null);
          writes++;
          if (!ok(made)) {
            errors++;
            continue;
          }
          const id = (JSON.parse(made!.body.toString()) as { data: { id: number } }).data.id;
          const renamed = await request(`${API}kindergartens/places/${id}/`, {
            method: "PUT",
            headers,
            body: form({ name: `改名${c}-${i}`, capacity: "25" }),
            agent,
          }).catch(() => null);
          writes++;
          if (!ok(renamed)) errors++;
        }
      }),
    );
    clearInterval(sampler);
    samples.push(rssMb(api.pid!));
    agent.destroy();
    const walMb = existsSync(dbFile + "-wal") ? statSync(dbFile + "-wal").size / 2 ** 20 : 0;
    return {
      writes,
      errors,
      seconds: (Date.now() - t0) / 1000,
      rss: { start: samples[0]!, middle: samples[Math.floor(samples.length / 2)]!, end: samples[samples.length - 1]!, max: Math.max(...samples) },
      walMb,
    };
  } finally {
    await stop(api);
  }
}

function writeRunMarkdown(w: WriteRun): string[] {
  return [
    `## The API's memory under a write load (SQLite, demo data)`,
    "",
    `${WRITE_CLIENTS} clients as a kindergarten admin: create a place, rename it, back to back for ${fmt(w.seconds, 0)} s: ${w.writes.toLocaleString("en")} writes (${fmt(w.writes / w.seconds, 0)}/s), ${w.errors} errors; WAL file at the end ${fmt(w.walMb)} MB.`,
    "",
    "| API RSS MB at start | middle | end | max |",
    "|---:|---:|---:|---:|",
    `| ${fmt(w.rss.start, 0)} | ${fmt(w.rss.middle, 0)} | ${fmt(w.rss.end, 0)} | ${fmt(w.rss.max, 0)} |`,
    "",
  ];
}

function machine(): string {
  const cpu = (() => {
    try {
      return /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? os.cpus()[0]?.model ?? "?";
    } catch {
      return os.cpus()[0]?.model ?? "?";
    }
  })();
  const nproc = spawnSync("nproc", { encoding: "utf8" }).stdout?.trim() || String(os.availableParallelism());
  return `${nproc} CPUs (nproc), ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}, ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`;
}

async function main() {
  const t0 = Date.now();
  mkdirSync(TMP, { recursive: true });
  const writesOnly = process.argv.includes("--writes-only");
  if (!writesOnly) await prepareConsole();
  const results = [];
  const sizes = writesOnly ? [] : FOCUSED ? SIZES.slice(0, 1) : SIZES;
  for (const [i, size] of sizes.entries()) results.push(await runSize(size, !FOCUSED && i === SIZES.length - 1, i === 0));
  if (FOCUSED) {
    const md = [`# Benchmark (BENCH_ONLY=${process.env.BENCH_ONLY})`, "", `Machine: ${machine()}.`, "", ...cpuLines, ...hydrationLines].join("\n");
    console.log("\n" + md);
    writeFileSync(join(TMP, `results-${process.env.BENCH_ONLY}.md`), md);
    return 0;
  }
  log(`write run: ${WRITE_SECONDS} s`);
  const writes = await writeRun();
  log(`write run: ${writes.writes} writes, API RSS ${fmt(writes.rss.start, 0)} → ${fmt(writes.rss.middle, 0)} → ${fmt(writes.rss.end, 0)} MB`);

  const out: string[] = [];
  out.push(`# Benchmark (npm run bench)`, "", `Machine: ${machine()}. Console processes: ${CONSOLE_WORKERS}.`, "");
  out.push(
    `Console = authenticated GET of the page's HTML (session cookie; every loader, the API calls behind them and the server render); API = the list endpoint alone (token header), same query. Loopback, keep-alive; per cell up to ${LIMITS[1].requests} requests (1 client) or ${LIMITS[50].requests} (50 clients), at most ${LIMITS[1].ms / 1000} / ${LIMITS[50].ms / 1000} s.`,
    "",
  );
  for (const r of results) {
    out.push(
      `## ${r.label} (${r.info.users.toLocaleString("en")} users, ${r.info.totalStudents.toLocaleString("en")} students; kindergarten admin of kindergarten ${r.info.kg}, ${r.info.students} students)`,
      "",
    );
    for (const n of r.notes) out.push(`- ${n}`);
    out.push("");
    out.push(
      "| list | clients | API median ms | API p95 ms | API req/s | console median ms | console p95 ms | console req/s | console/API median | console/API p95 |",
    );
    out.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    const keys = [...new Set(r.rows.map((x) => x.scenario.key))];
    for (const k of keys)
      for (const c of CONCURRENCY) {
        const a = r.rows.find((x) => x.scenario.key === k && x.concurrency === c && x.side === "API")!;
        const s = r.rows.find((x) => x.scenario.key === k && x.concurrency === c && x.side === "console")!;
        const err = (st: Stats) => (st.errors ? ` (${st.errors} errors)` : "");
        out.push(
          `| ${a.scenario.label} | ${c} | ${fmt(a.stats.median)} | ${fmt(a.stats.p95)} | ${fmt(a.stats.rps, 0)}${err(a.stats)} | ${fmt(s.stats.median)} | ${fmt(s.stats.p95)} | ${fmt(s.stats.rps, 0)}${err(s.stats)} | ${fmt(s.stats.median / a.stats.median, 2)} | ${fmt(s.stats.p95 / a.stats.p95, 2)} |`,
        );
      }
    out.push("");
  }
  if (results.length >= 2) {
    const [small, large] = [results[0]!, results[results.length - 1]!];
    const factor = (SIZES[SIZES.length - 1]!.students / SIZES[0]!.students).toFixed(1);
    out.push(`## Growth: ${small.label} → ${large.label} (data ×${factor}), median at 1 client`, "");
    out.push("| list | API small ms | API large ms | API ×| console small ms | console large ms | console × |");
    out.push("|---|---:|---:|---:|---:|---:|---:|");
    for (const k of [...new Set(large.rows.map((x) => x.scenario.key))]) {
      const get = (r: typeof small, side: "API" | "console") =>
        r.rows.find((x) => x.scenario.key === k && x.concurrency === 1 && x.side === side)?.stats.median ?? NaN;
      const label = large.rows.find((x) => x.scenario.key === k)!.scenario.label;
      out.push(
        `| ${label} | ${fmt(get(small, "API"))} | ${fmt(get(large, "API"))} | ${fmt(get(large, "API") / get(small, "API"), 2)} | ${fmt(get(small, "console"))} | ${fmt(get(large, "console"))} | ${fmt(get(large, "console") / get(small, "console"), 2)} |`,
      );
    }
    out.push("");
  }
  const ratios = results.flatMap((r) =>
    [...new Set(r.rows.map((x) => x.scenario.key))].flatMap((k) =>
      CONCURRENCY.map((c) => {
        const a = r.rows.find((x) => x.scenario.key === k && x.concurrency === c && x.side === "API")!;
        const s = r.rows.find((x) => x.scenario.key === k && x.concurrency === c && x.side === "console")!;
        return { size: r.label, label: a.scenario.label, c, api: a.stats.median, console: s.stats.median, ratio: s.stats.median / a.stats.median };
      }),
    ),
  );
  if (ratios.length) {
    out.push(`## Console overhead: console median ÷ API median (target ≤ ${RATIO_TARGET}×)`, "");
    out.push("| size | list | clients | API median ms | console median ms | console/API | target |", "|---|---|---:|---:|---:|---:|---|");
    for (const x of ratios)
      out.push(`| ${x.size} | ${x.label} | ${x.c} | ${fmt(x.api)} | ${fmt(x.console)} | ${fmt(x.ratio, 2)}× | ${x.ratio <= RATIO_TARGET ? "met" : "over"} |`);
    out.push("");
  }
  const assets = results[results.length - 1]?.assets ?? [];
  const overBudget = assets.filter((a) => pageTotal(a) / 1024 > BUDGET_KB);
  if (assets.length) {
    out.push(`## JavaScript, CSS and translations a browser needs per page (gzip; budget ${BUDGET_KB} KB)`, "");
    out.push("| page kind | page | files | JS KB gz | CSS KB gz | translations KB gz | total | budget |", "|---|---|---:|---:|---:|---:|---:|---|");
    for (const a of assets)
      out.push(
        `| ${a.kind} | ${a.page} | ${a.files} | ${fmt(a.js / 1024)} | ${fmt(a.css / 1024)} | ${fmt(a.translations / 1024)} | ${fmt(pageTotal(a) / 1024)} | ${pageTotal(a) / 1024 > BUDGET_KB ? `**over** by ${fmt(pageTotal(a) / 1024 - BUDGET_KB)} KB` : "within"} |`,
      );
    out.push("");
    if (overBudget.length) out.push(`**Budget exceeded** on ${overBudget.length} of ${assets.length} pages: the bench exits with code 2.`, "");
  }
  if (!writesOnly) out.push(...(await heaviestPages()));
  out.push(...cpuLines);
  out.push(...hydrationLines);
  out.push(...uploadLines);
  out.push(...writeRunMarkdown(writes));
  out.push(...(await (await import("./devices")).benchDevices())); // device event ingestion (issue 11)
  out.push(...(await (await import("./students")).benchStudents())); // month attendance grid of the largest class (issue 11)
  out.push(`Total bench time: ${((Date.now() - t0) / 1000).toFixed(0)} s.`, "");
  const md = out.join("\n");
  console.log("\n" + md);
  if (!QUICK && !writesOnly) writeFileSync(join(ROOT, "bench", "results.md"), md);
  else writeFileSync(join(TMP, "results-quick.md"), md);
  if (overBudget.length) {
    console.error(`[bench] pages over the ${BUDGET_KB} KB gzip budget: ${overBudget.map((a) => `${a.page} ${fmt(pageTotal(a) / 1024)} KB`).join(", ")}`);
    return 2;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error("[bench] failed:", e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
