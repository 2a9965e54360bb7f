/**
 * Time to usable, side by side with the console this product replaces (issue 28, item 1).
 *
 * The anchor is vue-element-admin 4.4.0 (the old console's stack: Vue 2 + Element UI, client-rendered), built
 * production-style outside this repository and named by `BENCH_ANCHOR_DIR` (its `dist/` folder): nothing of it is
 * part of this repository. This module serves that folder as a static site (brotli or gzip, whichever the browser
 * asks for, as a production server would) and measures, in Debian's Chromium throttled as a slow school PC on a slow
 * line (CPU 4× slower, 1.6 Mbps down / 750 kbps up, 150 ms round trip, no cache), alternating the two products run by
 * run:
 *   - first contentful paint;
 *   - usable: the console's `html[data-hydrated]` (set once React has hydrated the page) against the moment the
 *     anchor's login form / its table's first row is in the DOM (Vue attaches its handlers as it inserts them);
 *   - the compressed bytes of scripts, style sheets and fetched translations received before usable.
 * Pages: the login form, and the users list signed in (the anchor's list page is its "complex table").
 *
 * Run alone against a running console (`npm run quickstart`, or the bench's own):
 *   BENCH_ANCHOR_DIR=/path/to/vue-element-admin/dist npx tsx bench/hydration.ts
 */
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import { extname, join, normalize } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { chromium as chromiumLaunch } from "../playwright.config";
import { startH2Proxy } from "./h2-proxy";

const RUNS = Number(process.env.BENCH_HYDRATION_RUNS || 5);
const CPU_SLOWDOWN = 4;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
export const USABLE_BUDGET = 0.35;
export const BYTES_BUDGET_KB = 115;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".gif": "image/gif",
  ".jpg": "image/jpeg",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".ttf"]);

/** A static server over `dir` with one-time brotli/gzip of text files, as nginx's brotli_static/gzip_static would. */
export function serveStatic(dir: string, port: number): Promise<http.Server> {
  const cache = new Map<string, { br: Buffer; gz: Buffer }>();
  const server = http.createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(dir, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, "index.html"); // hash routing: one page
    const ext = extname(file);
    res.setHeader("content-type", TYPES[ext] ?? "application/octet-stream");
    const accepts = String(req.headers["accept-encoding"] ?? "");
    if (!COMPRESSIBLE.has(ext)) return void createReadStream(file).pipe(res);
    let packed = cache.get(file);
    if (!packed) {
      const raw = readFileSync(file);
      packed = { br: brotliCompressSync(raw), gz: gzipSync(raw, { level: 9 }) };
      cache.set(file, packed);
    }
    const [encoding, body] = accepts.includes("br") ? ["br", packed.br] : ["gzip", packed.gz];
    res.setHeader("content-encoding", encoding);
    res.setHeader("vary", "accept-encoding");
    res.end(body);
  });
  return new Promise((ok) => server.listen(port, "127.0.0.1", () => ok(server)));
}

interface Target {
  product: "console" | "anchor";
  page: "login" | "users list";
  url: string;
  /** Runs in the page before its scripts: sets `window.__usable` (ms since navigation) once the page is usable. */
  usable: string;
  context: (browser: Browser) => Promise<BrowserContext>;
}

interface Sample {
  fcp: number;
  usable: number;
  kb: { js: number; css: number; translations: number; document: number };
}

const hydratedWatch = `(() => {
  const done = () => { if (!window.__usable) window.__usable = performance.now(); };
  // the init script can run before <html> exists: watch the whole document
  new MutationObserver(() => { if (document.documentElement?.dataset.hydrated) done(); })
    .observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
})()`;
const selectorWatch = (selector: string) => `(() => {
  const check = () => { if (!window.__usable && document.querySelector(${JSON.stringify(selector)})) window.__usable = performance.now(); };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`;

async function sample(browser: Browser, target: Target): Promise<Sample> {
  const context = await target.context(browser);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.addInitScript(target.usable);
  await page.goto(target.url, { waitUntil: "commit", timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable, undefined, { timeout: 120_000, polling: 200 });
  // A page can become usable before its first paint is reported (the anchor paints its form as it mounts it): wait for it.
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, { timeout: 10_000 }).catch(() => {});
  // Resource timing: the compressed body of each file that had arrived by the usable moment (same origin, so sizes
  // are exposed), and the document's own (which carries the console's inline translations).
  const got = await page.evaluate(() => {
    const usable = (window as unknown as { __usable: number }).__usable;
    const kb = { js: 0, css: 0, translations: 0, document: 0 };
    for (const e of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
      if (e.responseEnd > usable) continue;
      const kind = e.name.includes("/locales/") ? "translations" : /\.css(\?|$)/.test(e.name) ? "css" : /\.js(\?|$)/.test(e.name) ? "js" : "";
      if (kind) kb[kind as "js"] += e.encodedBodySize / 1024;
    }
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    kb.document = (nav?.encodedBodySize ?? 0) / 1024;
    return { usable, fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN, kb };
  });
  await context.close();
  return got;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export interface HydrationRow {
  via: string;
  page: string;
  console: { fcp: number; usable: number; kb: number; doc: number };
  anchor: { fcp: number; usable: number; kb: number; doc: number };
}

/** Logs in through the console's form once (unthrottled) and answers its signed-in storage state. */
async function consoleSession(browser: Browser, consoleUrl: string, phone: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${consoleUrl}/login`);
  await page.waitForSelector("html[data-hydrated]");
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), page.getByTestId("login-submit").click()]);
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function benchHydration(o: {
  consoleUrl: string;
  anchorDir: string;
  anchorPort: number;
  phone: string;
  password: string;
  /** Where the HTTP/2 front keeps its self-signed certificate. */
  certDir: string;
}): Promise<HydrationRow[]> {
  const server = await serveStatic(o.anchorDir, o.anchorPort);
  const consolePort = Number(new URL(o.consoleUrl).port);
  const fronts = [await startH2Proxy(o.anchorPort + 1, o.anchorPort, o.certDir), await startH2Proxy(o.anchorPort + 2, consolePort, o.certDir)];
  const protocols = [
    { via: "HTTP/1.1", anchorUrl: `http://127.0.0.1:${o.anchorPort}`, consoleUrl: o.consoleUrl },
    { via: "HTTP/2 + TLS", anchorUrl: `https://127.0.0.1:${o.anchorPort + 1}`, consoleUrl: `https://127.0.0.1:${o.anchorPort + 2}` },
  ];
  // the tests' launch options, and a certificate exception for the HTTP/2 front's self-signed certificate
  const browser = await chromium.launch({ ...chromiumLaunch, args: [...chromiumLaunch.args, "--ignore-certificate-errors"] });
  try {
    const signedIn = await consoleSession(browser, o.consoleUrl, o.phone, o.password);
    const rows: HydrationRow[] = [];
    for (const p of protocols) rows.push(...(await measurePairs(browser, p, signedIn)));
    return rows;
  } finally {
    await browser.close();
    server.close();
    for (const f of fronts) f.close();
  }
}

type SignedIn = Awaited<ReturnType<typeof consoleSession>>;

async function measurePairs(browser: Browser, p: { via: string; anchorUrl: string; consoleUrl: string }, signedIn: SignedIn): Promise<HydrationRow[]> {
  const { anchorUrl } = p;
  const o = { consoleUrl: p.consoleUrl };
  {
    const plain = (b: Browser) => b.newContext();
    const anchorSignedIn = async (b: Browser) => {
      const c = await b.newContext();
      await c.addCookies([{ name: "Admin-Token", value: "admin-token", url: anchorUrl }]);
      return c;
    };
    const pairs: [Target, Target][] = [
      [
        { product: "console", page: "login", url: `${o.consoleUrl}/login`, usable: hydratedWatch, context: plain },
        { product: "anchor", page: "login", url: `${anchorUrl}/#/login`, usable: selectorWatch(".login-form button"), context: plain },
      ],
      [
        {
          product: "console",
          page: "users list",
          url: `${o.consoleUrl}/user/userAdministration`,
          usable: hydratedWatch,
          context: (b) => b.newContext({ storageState: signedIn }),
        },
        {
          product: "anchor",
          page: "users list",
          url: `${anchorUrl}/#/table/complex-table`,
          usable: selectorWatch(".el-table__body .el-table__row"),
          context: anchorSignedIn,
        },
      ],
    ];
    const rows: HydrationRow[] = [];
    for (const [mine, theirs] of pairs) {
      const a: Sample[] = [];
      const b: Sample[] = [];
      await sample(browser, mine); // warm both servers (not counted)
      await sample(browser, theirs);
      for (let i = 0; i < RUNS; i++) {
        // alternate which goes first, so a busy moment of the machine falls on both alike
        const order = i % 2 ? ([theirs, mine] as const) : ([mine, theirs] as const);
        for (const t of order) (t === mine ? a : b).push(await sample(browser, t));
      }
      const sum = (s: Sample) => s.kb.js + s.kb.css + s.kb.translations;
      const pick = (xs: Sample[]) => ({
        fcp: median(xs.map((x) => x.fcp)),
        usable: median(xs.map((x) => x.usable)),
        kb: median(xs.map(sum)),
        doc: median(xs.map((x) => x.kb.document)),
      });
      rows.push({ via: p.via, page: mine.page, console: pick(a), anchor: pick(b) });
    }
    return rows;
  }
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "–");

export function hydrationMarkdown(rows: HydrationRow[], load: string): string[] {
  const out = [
    `## Time to usable against the old console (vue-element-admin 4.4.0), Chromium at 4× CPU slowdown, 1.6 Mbps / 150 ms, no cache; median of ${RUNS} alternating runs; ${load}`,
    "",
    "| via | page | console FCP ms | anchor FCP ms | FCP ratio | console usable ms | anchor usable ms | usable ratio (budget ≤ 0.35) | console KB before usable | anchor KB | bytes ratio | console / anchor document KB |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of rows) {
    const ratio = r.console.usable / r.anchor.usable;
    out.push(
      `| ${r.via} | ${r.page} | ${fmt(r.console.fcp)} | ${fmt(r.anchor.fcp)} | ${fmt(r.console.fcp / r.anchor.fcp, 2)} | ${fmt(r.console.usable)} | ${fmt(r.anchor.usable)} | ${fmt(ratio, 2)} ${ratio <= USABLE_BUDGET ? "met" : "**over**"} | ${fmt(r.console.kb, 1)} | ${fmt(r.anchor.kb, 1)} | ${fmt(r.console.kb / r.anchor.kb, 2)} | ${fmt(r.console.doc, 1)} / ${fmt(r.anchor.doc, 1)} |`,
    );
  }
  out.push(
    "",
    "KB before usable: compressed bodies of the scripts, style sheets and fetched translations that had arrived when the page became usable (resource timing; brotli, as both servers send it to Chromium). The document is apart: the console's carries the page's translations inline.",
    "",
  );
  return out;
}

// Standalone: against a running console (the quickstart's by default).
if (process.argv[1]?.endsWith("hydration.ts")) {
  const anchorDir = process.env.BENCH_ANCHOR_DIR;
  if (!anchorDir) {
    console.error("[bench] BENCH_ANCHOR_DIR: the built anchor's folder (vue-element-admin 4.4.0 dist/) is required");
    process.exit(1);
  }
  const { loadavg } = await import("node:os");
  benchHydration({
    consoleUrl: process.env.BENCH_CONSOLE_URL || "http://127.0.0.1:3000",
    anchorDir,
    anchorPort: Number(process.env.BENCH_ANCHOR_PORT || 3990),
    phone: process.env.BENCH_PHONE || "13800000005",
    password: process.env.BENCH_PASSWORD || "Sunny#2026",
    certDir: new URL("./.tmp", import.meta.url).pathname,
  }).then(
    (rows) =>
      console.log(
        hydrationMarkdown(
          rows,
          `load average ${loadavg()
            .map((x) => x.toFixed(1))
            .join(" / ")}`,
        ).join("\n"),
      ),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
