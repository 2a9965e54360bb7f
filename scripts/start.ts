/**
 * Starts the embedded school API (unless API_BASE_URL points at another upstream) and the console.
 *   node build/server/start.mjs [--fresh]          (npm start: compiled by npm run build, plain node)
 *   node --import tsx scripts/start.ts [--fresh]   (from the sources, as the end-to-end tests do)
 * --fresh deletes an embedded SQLite database first (the API then migrates and loads the demo data).
 * Each process is supervised: after a crash it restarts on its own (backoff 0.5 s → 30 s); SIGINT/SIGTERM stop both.
 * The console listens on 127.0.0.1 unless HOST is set (HOST=0.0.0.0 in a container or behind a proxy).
 */
import { existsSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULTS, defaultApiBaseUrl } from "../contract/settings";
import { supervise, type Supervised } from "./supervise";

const env = { ...process.env };
const PORT = Number(env.PORT || DEFAULTS.PORT);
const API_PORT = Number(env.API_PORT || DEFAULTS.API_PORT);
const DATABASE_URL = env.DATABASE_URL || DEFAULTS.DATABASE_URL;
const API_BASE_URL = env.API_BASE_URL || defaultApiBaseUrl(API_PORT);

/** The embedded API runs unless API_BASE_URL names another host or port (demo-data.md). */
function isEmbedded(base: string): boolean {
  const u = new URL(base);
  return ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname) && Number(u.port || 80) === API_PORT;
}

const embedded = isEmbedded(API_BASE_URL);

/**
 * The compiled start script (build/server/start.mjs) runs the compiled API beside it with plain node; from the
 * sources, the API runs through tsx as well.
 */
const here = dirname(fileURLToPath(import.meta.url));
const compiledApi = join(here, "api.mjs");
const apiArgs = fileURLToPath(import.meta.url).endsWith(".mjs") ? ["--enable-source-maps", compiledApi] : ["--import", "tsx", "api/server.ts"];
const children: Supervised[] = [];

function run(name: string, args: string[], extraEnv: Record<string, string>): Supervised {
  const child = supervise({ name, command: process.execPath, args, env: { ...env, ...extraEnv } });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  void Promise.all(children.map((c) => c.stop())).then(() => process.exit(code));
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

async function main() {
  if (!existsSync(resolve("build/index.js"))) {
    console.error("[start] The console is not built yet: run `npm run build` (or `npm run quickstart`).");
    process.exit(1);
  }
  if (embedded) {
    if (process.argv.includes("--fresh") && DATABASE_URL.startsWith("file:")) {
      const file = resolve(DATABASE_URL.slice("file:".length));
      for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
    }
    run("API", apiArgs, { API_PORT: String(API_PORT), DATABASE_URL });
    await waitFor(new URL("openapi.json", API_BASE_URL).toString(), 120_000);
  } else {
    console.log(`[start] Using the upstream at ${API_BASE_URL} (embedded API not started).`);
  }
  run("console", ["scripts/serve-console.cjs", "build/index.js"], {
    PORT: String(PORT),
    HOST: env.HOST || "127.0.0.1",
    API_PORT: String(API_PORT),
    API_BASE_URL,
    NODE_ENV: env.NODE_ENV || "production",
  });
  await waitFor(`http://127.0.0.1:${PORT}/login`, 60_000);
  console.log("");
  console.log(`  Console:  http://localhost:${PORT}/`);
  if (embedded) console.log(`  API:      ${API_BASE_URL}  (reference: ${API_BASE_URL}docs)`);
  console.log('  Demo accounts: see README.md, "Demo accounts" (e.g. 13800000005 / Sunny#2026).');
  console.log("");
}

main().catch((err) => {
  console.error(`[start] ${err instanceof Error ? err.message : String(err)}`);
  shutdown(1);
});
