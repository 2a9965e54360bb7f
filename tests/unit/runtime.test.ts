import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 27, a production runtime: `npm start` runs compiled JavaScript with plain node (no TypeScript transpiler),
 * the API compresses its text replies for clients that accept it and answers /openapi.json with an ETag, and the
 * Dockerfile's image holds production dependencies only, runs as an unprivileged user and checks its health.
 * (No Docker engine runs on the test machines: the Dockerfile is read, not built.)
 */

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe("scripts", () => {
  it("npm start and the operators' commands run compiled files with plain node; tsx is a development tool", () => {
    for (const s of ["start", "job", "backup", "restore", "seed"]) expect(pkg.scripts[s], s).toMatch(/^node build\/server\/\w+\.mjs$/);
    expect(pkg.scripts.build).toContain("scripts/build-server.mjs");
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.devDependencies.tsx).toBeDefined();
    expect(readFileSync("scripts/quickstart.sh", "utf8")).toMatch(/exec node build\/server\/start\.mjs/);
  });
});

/** The stages of a Dockerfile: FROM line and instructions, continuation lines joined. */
function stages(text: string) {
  const lines = text
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const out: Array<{ from: string; name: string | null; lines: string[] }> = [];
  for (const l of lines) {
    const m = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(l);
    if (m) out.push({ from: m[1]!, name: m[2] ?? null, lines: [] });
    else out.at(-1)?.lines.push(l);
  }
  return out;
}

describe("the Node lines", () => {
  it("`engines` names the Node 22 the API suites on SQLite run on and the image's line", () => {
    const pinned = /^version=(22\.\d+\.\d+)$/m.exec(readFileSync("scripts/ensure-node22.sh", "utf8"))?.[1];
    const ranges = pkg.engines.node.split("||").map((r) => r.trim());
    expect(ranges).toContain(`^${pinned}`);
    expect(readFileSync("scripts/test.sh", "utf8")).toMatch(/node22=\$\(bash scripts\/ensure-node22\.sh\)/);
    const image = /^FROM node:(\d+)/m.exec(readFileSync("Dockerfile", "utf8"))![1];
    expect(ranges.some((r) => r.startsWith(`^${image}.`))).toBe(true);
  });
});

describe("the Dockerfile", () => {
  const all = stages(readFileSync("Dockerfile", "utf8"));
  const final = all.at(-1)!;
  const byName = (n: string) => all.find((s) => s.name === n);

  it("builds in one stage and ships production dependencies only, from a maintained LTS line of Node", () => {
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const s of all) expect(s.from, "Node 20 left maintenance on 30 April 2026").toMatch(/^node:(22|24)[.-]/);
    const copies = final.lines.filter((l) => /^COPY --from=/.test(l));
    const nodeModules = copies.find((l) => /node_modules/.test(l))!;
    const source = byName(/--from=(\S+)/.exec(nodeModules)![1]!)!;
    expect(source.lines.some((l) => /npm ci .*--omit=dev/.test(l))).toBe(true);
    expect(source.lines.some((l) => /--include=dev/.test(l))).toBe(false);
    // Nothing of the sources that needs a transpiler: only the build output and the console's cluster launcher.
    expect(final.lines.some((l) => /^COPY \. /.test(l))).toBe(false);
  });

  it("runs as an unprivileged user, checks the console's and the API's health, and starts with plain node", () => {
    const user = final.lines.filter((l) => /^USER /.test(l)).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER\s+(root|0)(:|$)/);
    const health = final.lines.find((l) => /^HEALTHCHECK /.test(l))!;
    expect(health).toMatch(/PORT/);
    expect(health).toMatch(/API_PORT/);
    expect(health).toMatch(/\/health/);
    const cmd = final.lines.find((l) => /^CMD /.test(l))!;
    expect(cmd).toContain("build/server/start.mjs");
    expect(cmd).not.toMatch(/tsx/);
  });

  it("docker-compose.yml shows the console with PostgreSQL and an S3-compatible store", () => {
    const compose = readFileSync("docker-compose.yml", "utf8");
    for (const s of ["postgres:", "minio:", "DATABASE_URL: postgres://", "STORAGE: s3", "S3_BUCKET:", "S3_TEMP_BUCKET:", "version enable"])
      expect(compose).toContain(s);
  });
});

const API = "build/server/api.mjs";
describe.skipIf(!existsSync(API))("the compiled API (needs npm run build)", () => {
  let child: ChildProcess;
  let dir: string;
  let base: string;
  let out = "";

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "kg-runtime-"));
    const port = 20000 + Math.floor(Math.random() * 20000);
    base = `http://127.0.0.1:${port}/`;
    child = spawn(process.execPath, [API], {
      env: { ...process.env, API_PORT: String(port), DATABASE_URL: `file:${join(dir, "school.db")}`, UPLOAD_DIR: join(dir, "uploads"), JOBS: "off" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (b: Buffer) => (out += b));
    child.stderr!.on("data", (b: Buffer) => (out += b));
    const until = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the compiled API exited: ${out}`);
      const ok = await fetch(new URL("health", base)).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until) throw new Error(`the compiled API did not answer: ${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 200_000);

  afterAll(() => {
    child?.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  });

  it("the product's version is the package's", async () => {
    const { PRODUCT_VERSION } = await import("@contract/version");
    expect(PRODUCT_VERSION).toBe((JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version);
  });

  it("starts with plain node: no TypeScript transpiler in the process", () => {
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(cmdline.slice(1)).toEqual([API]);
    expect(readFileSync(API, "utf8")).not.toMatch(/from ["']tsx|["']tsx\/|esbuild/);
    expect(out).toMatch(/API listening/);
  });

  it("compresses text replies for clients that accept it and answers /openapi.json with an ETag", async () => {
    const plain = await fetch(new URL("openapi.json", base), { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    // Node's fetch would decompress on its own: read the raw bytes with node:http.
    const http = await import("node:http");
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      http
        .get(new URL("openapi.json", base), { headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.body.length).toBeLessThan(text.length / 4);
    expect(gunzipSync(raw.body).toString("utf8")).toBe(text);

    const again = await fetch(new URL("openapi.json", base), { headers: { "if-none-match": raw.headers.etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const same = await fetch(new URL("openapi.json", base), { headers: { "if-none-match": etag } });
    expect(same.status).toBe(304);
  }, 180_000);
});
