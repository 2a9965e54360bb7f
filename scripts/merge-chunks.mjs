#!/usr/bin/env node
/**
 * Regroups the browser build's shared chunks after `remix build` (part of `npm run build`), so that a page loads a few
 * files instead of twenty to thirty.
 *
 * Why: the classic compiler gives esbuild every route as an entry, and esbuild makes one chunk per *set of routes*
 * that share code, whatever its size. It cannot know that root and a layout are always loaded under their pages, so
 * the users list loaded 29 scripts (20 under 1 KB), and on a school line (HTTP/1.1, six connections, 150 ms a round
 * trip) the last of them arrived 0.4 s after the bytes alone would have (bench/hydration.ts, issue 28).
 *
 * What: Rollup re-bundles the built ES modules (already minified; every route module and entry.client keep their file
 * names and exact exports) with one main rule, which never makes a page load a byte it did not load before: a module that
 * every route using it can only be shown under one of those routes (its ancestor, or entry.client/root, which are
 * always loaded) goes into that ancestor's group chunk. Modules shared by sibling routes stay where Rollup puts them
 * (one chunk per set of routes, as esbuild did), except small ones (SMALL_MODULE), which join the boot chunk. Then the route manifest's `imports` (server build and browser copy)
 * are rewritten to the new files: Remix's <Scripts> preloads exactly those.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, renameSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { rollup } from "rollup";

const BUILD_DIR = resolve("public/build");
const PUBLIC_PATH = "/build/";
const SERVER_BUILD = resolve("build/index.js");
/**
 * Shared modules up to this size (minified) that no single route owns go into the boot chunk. Measured on the build of
 * 29 Nov: 16 such modules, 11 KB in all (about 4 KB gzipped), each costing a request on 50 to 136 pages.
 */
const SMALL_MODULE = 2048;

/** The browser's copy of the route manifest (window.__remixManifest=…). */
function readBrowserManifest() {
  const file = readdirSync(BUILD_DIR).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
  if (!file) throw new Error("[merge-chunks] public/build/manifest-*.js not found: run remix build first");
  const text = readFileSync(join(BUILD_DIR, file), "utf8");
  const prefix = "window.__remixManifest=";
  if (!text.startsWith(prefix)) throw new Error(`[merge-chunks] unexpected manifest format in ${file}`);
  return { file: join(BUILD_DIR, file), prefix, manifest: JSON.parse(text.slice(prefix.length).replace(/;\s*$/, "")) };
}

const toFile = (url) => join(BUILD_DIR, url.slice(PUBLIC_PATH.length));

/** Each entry module (entry.client, every route) with the entry modules it is always shown under. */
function entryTree(manifest) {
  const ancestors = new Map(); // file → Set of files always loaded with it
  const entryFile = toFile(manifest.entry.module);
  ancestors.set(entryFile, new Set());
  for (const route of Object.values(manifest.routes)) {
    const chain = new Set([entryFile]);
    for (let p = manifest.routes[route.parentId]; p; p = manifest.routes[p.parentId]) chain.add(toFile(p.module));
    ancestors.set(toFile(route.module), chain);
  }
  return ancestors;
}

/** Rollup's name for an entry's output file: its path under public/build without ".js" (names stay as esbuild made them). */
const entryName = (file) => relative(BUILD_DIR, file).replace(/\.js$/, "").split("\\").join("/");

/**
 * The group of a module: the one entry among those that load it that all the others are shown under (so grouping it
 * there costs no page anything), or undefined (Rollup's own chunking by set of entries).
 */
function groupOf(id, size, reach, ancestors) {
  if (ancestors.has(id)) return undefined; // an entry keeps its own file (Remix loads it by name)
  const entries = reach.get(id);
  if (!entries?.size) return undefined; // loaded only by dynamic import
  for (const candidate of entries) {
    const isTop = [...entries].every((other) => other === candidate || ancestors.get(other)?.has(candidate));
    if (!isTop) continue;
    // entry.client and root are on every page: one group for both
    return ancestors.get(candidate).size <= 1 ? "boot" : groupName(candidate);
  }
  // Shared by routes of different branches (the sign-in pages and the console, say): a small one joins boot, which
  // every page loads anyway (a page that did not need it gets at most SMALL_MODULE bytes more, one request fewer)
  if (size <= SMALL_MODULE) return "boot";
  return undefined;
}

/** `group-<section>-<route>` after the route module's file (without esbuild's hash). */
const groupName = (entry) =>
  "group-" +
  entryName(entry)
    .split("/")
    .slice(-2)
    .join("-")
    .replace(/-[A-Z0-9]{8}$/, "");

/** For every module, the entry modules that load it through static imports (walked forward from each entry). */
function staticReach(entries, getModuleInfo) {
  const reach = new Map();
  for (const entry of entries) {
    const stack = [entry];
    const seen = new Set(stack);
    while (stack.length) {
      const id = stack.pop();
      if (!reach.has(id)) reach.set(id, new Set());
      reach.get(id).add(entry);
      for (const dep of getModuleInfo(id)?.importedIds ?? []) {
        if (seen.has(dep)) continue;
        seen.add(dep);
        stack.push(dep);
      }
    }
  }
  return reach;
}

async function bundle(manifest, ancestors) {
  const input = Object.fromEntries([...ancestors.keys()].map((file) => [entryName(file), file]));
  let reach; // worked out on the first call, once Rollup knows the whole graph
  const build = await rollup({
    input,
    preserveEntrySignatures: "strict",
    treeshake: false, // the modules are esbuild's tree-shaken output already; keep them byte for byte
    onwarn(warning, warn) {
      if (warning.code === "CIRCULAR_DEPENDENCY") return;
      warn(warning);
    },
    plugins: [
      {
        name: "remix-public-path",
        resolveId(source) {
          if (source.startsWith(PUBLIC_PATH)) return toFile(source);
          return null;
        },
      },
    ],
  });
  const out = await build.generate({
    format: "es",
    compact: true,
    entryFileNames: "[name].js",
    chunkFileNames: "_shared/[name]-[hash:8].js", // scripts/lazy-views.ts reads names of this form
    hashCharacters: "base36",
    sanitizeFileName: (name) => name.replace(/[\0?*]/g, "_"),
    manualChunks: (id, { getModuleInfo }) =>
      groupOf(id, getModuleInfo(id)?.code?.length ?? Infinity, (reach ??= staticReach(ancestors.keys(), getModuleInfo)), ancestors),
  });
  await build.close();
  return out.output.filter((o) => o.type === "chunk");
}

/** Every file a chunk needs before it runs (its static imports, transitively), as public URLs. */
function closureOf(fileName, byName, seen = new Set()) {
  for (const dep of byName.get(fileName)?.imports ?? []) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    closureOf(dep, byName, seen);
  }
  return seen;
}

function rewriteManifests(browser, chunks) {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const importsOf = (moduleUrl) => [...closureOf(moduleUrl.slice(PUBLIC_PATH.length), byName)].map((f) => PUBLIC_PATH + f);
  const { manifest } = browser;
  manifest.entry.imports = importsOf(manifest.entry.module);
  for (const route of Object.values(manifest.routes)) route.imports = importsOf(route.module);
  writeFileSync(browser.file, browser.prefix + JSON.stringify(manifest) + ";");

  // The server build carries the same manifest as an object literal on one line: replace each module's imports.
  let server = readFileSync(SERVER_BUILD, "utf8");
  let replaced = 0;
  server = server.replace(/module: ("[^"]+\.js")(, imports: \[[^\]]*\])?/g, (whole, quoted) => {
    const url = JSON.parse(quoted);
    if (!url.startsWith(PUBLIC_PATH) || !existsSync(toFile(url))) return whole;
    replaced++;
    return `module: ${quoted}, imports: ${JSON.stringify(importsOf(url)).replace(/","/g, '", "')}`;
  });
  const expected = Object.keys(manifest.routes).length + 1;
  if (replaced !== expected) throw new Error(`[merge-chunks] rewrote ${replaced} modules' imports in build/index.js, expected ${expected}`);
  writeFileSync(SERVER_BUILD, server);
}

/** Replaces the build's scripts (entries and _shared) with Rollup's, leaving style sheets and other assets alone. */
function writeChunks(chunks) {
  const staging = join(BUILD_DIR, "..", ".build-merge");
  rmSync(staging, { recursive: true, force: true });
  for (const c of chunks) {
    const target = join(staging, c.fileName);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, c.code);
  }
  for (const f of walk(BUILD_DIR)) if (f.endsWith(".js") && !/[/\\]manifest-[A-Z0-9]+\.js$/.test(f)) rmSync(f);
  for (const f of walk(staging)) {
    const target = join(BUILD_DIR, relative(staging, f));
    mkdirSync(dirname(target), { recursive: true });
    renameSync(f, target);
  }
  rmSync(staging, { recursive: true, force: true });
}

function* walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}

const browser = readBrowserManifest();
const ancestors = entryTree(browser.manifest);
const before = [...walk(join(BUILD_DIR, "_shared"))].filter((f) => f.endsWith(".js")).length;
const chunks = await bundle(browser.manifest, ancestors);
writeChunks(chunks);
rewriteManifests(browser, chunks);
const shared = chunks.filter((c) => c.fileName.startsWith("_shared/")).length;
console.log(`[merge-chunks] ${before} shared chunks → ${shared} (${ancestors.size} entries kept)`);
