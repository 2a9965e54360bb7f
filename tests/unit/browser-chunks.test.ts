import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageScripts } from "../../scripts/page-bytes";

/**
 * The browser build holds no empty stand-in chunks (patches/@remix-run+dev: an empty `.server` stand-in is free of
 * side effects, so an import that only a loader or action used is dropped). Each such chunk cost a request and a
 * round trip on a slow line: there were 15, six of them on the login page. And scripts/merge-chunks.mjs regroups the
 * shared chunks so that a page loads a few script files (the login page 23 before, the users list 29). Reads the build
 * `npm test` makes first.
 */
const SHARED = "public/build/_shared";
/** An empty CommonJS stand-in as esbuild writes it (`var p=o((r,e)=>{e.exports={}})`), alone or inside a merged chunk. */
const EMPTY_STAND_IN = /(?:^|[;}])var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\)[;,]/;
/** Script files before a page is usable, at most (entry, boot chunk, root, layouts, the page and what it shares). */
const MAX_SCRIPTS = 10;

describe.skipIf(!existsSync(SHARED))("browser chunks", () => {
  it("the pattern recognises an empty stand-in as esbuild writes it (the check below can fail)", () => {
    expect(EMPTY_STAND_IN.test('import{b as o}from"/build/_shared/chunk-Q3IECNXJ.js";var p=o((r,e)=>{e.exports={}});export{p as a};')).toBe(true);
    expect(EMPTY_STAND_IN.test("function q(){}var p=o((r,e)=>{e.exports={}});var s=1;")).toBe(true);
    expect(EMPTY_STAND_IN.test("var p=o((r,e)=>{e.exports={a:1}});")).toBe(false);
  });

  it("no shared chunk is an empty stand-in of a server module", () => {
    const empty = readdirSync(SHARED).filter((f) => f.endsWith(".js") && EMPTY_STAND_IN.test(readFileSync(join(SHARED, f), "utf8")));
    expect(empty).toEqual([]);
  });

  it(`every page loads at most ${MAX_SCRIPTS} script files, the login page at most 7`, () => {
    const counts = pageScripts(".").map((p) => ({ route: p.route, files: p.scripts.length }));
    expect(counts.length).toBeGreaterThan(200);
    expect(counts.filter((c) => c.files > MAX_SCRIPTS)).toEqual([]);
    expect(counts.find((c) => c.route === "routes/_auth+/login")?.files).toBeLessThanOrEqual(7);
  });

  it("each page's scripts exist, and each shared chunk is loaded by some page or by a script (none left over)", () => {
    const used = new Set(pageScripts(".").flatMap((p) => p.scripts));
    for (const url of used) expect(existsSync(join("public", url)), url).toBe(true);
    const imported = new Set<string>();
    for (const f of readdirSync(SHARED).filter((f) => f.endsWith(".js")))
      for (const m of readFileSync(join(SHARED, f), "utf8").matchAll(/(?:from|import\()\s*['"]\.\/([^'"]+\.js)['"]/g)) imported.add(m[1]!);
    for (const f of readdirSync(SHARED).filter((f) => f.endsWith(".js")))
      expect(used.has(`/build/_shared/${f}`) || imported.has(f) || isDynamicallyImported(f), f).toBe(true);
  });
});

/** A chunk loaded on demand (a dialog, a lazy view): some route module or chunk imports it with import(). */
function isDynamicallyImported(file: string): boolean {
  const dirs = ["public/build/routes", SHARED];
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith(".js") ? [join(d, e.name)] : []));
  return dirs.flatMap(walk).some((f) => readFileSync(f, "utf8").includes(`${file}"`) || readFileSync(f, "utf8").includes(`${file}'`));
}
