import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Route modules with a page (a default export) also run in the browser, where Remix removes the loader and action
 * exports but keeps every top-level call, and where a `.server` module is empty. A top-level call into a `.server`
 * import (`export const loader = reportPageLoader("statistics")`) therefore throws in the browser and the page never
 * hydrates (found on the statistics and admissions report pages). Such loaders are functions that call it.
 */
const ROUTES = path.resolve(__dirname, "../../app/routes");
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Route modules with a page (a default export): the ones that also run in the browser. */
const pageModules = () => files(ROUTES).filter((f) => /\.tsx$/.test(f) && /^export default /m.test(fs.readFileSync(f, "utf8")));

function serverImports(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"([^"]+\.server)"/g))
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .replace(/^type\s+/, "");
      if (name) names.add(name);
    }
  return names;
}

describe("route modules", () => {
  it("no page module calls a .server import at its top level", () => {
    const pages = pageModules();
    expect(pages.length).toBeGreaterThan(70);
    const bad: string[] = [];
    for (const f of pages) {
      const source = fs.readFileSync(f, "utf8");
      const server = serverImports(source);
      for (const m of source.matchAll(/^(?:export\s+)?(?:const|let|var)\s+(\w+)\s*=\s*(?:\/\* @__PURE__ \*\/\s*)?(?:await\s+)?(\w+)\s*\(/gm))
        if (server.has(m[2]!)) bad.push(`${path.relative(ROUTES, f)}: ${m[1]} = ${m[2]}(…)`);
    }
    expect(bad).toEqual([]);
  });

  /**
   * `export const loader = resourceListLoader("classes")`: Remix drops the export from the browser build, but esbuild
   * keeps a call it cannot prove free of side effects, and with it the loader factory's module and the empty stand-ins
   * of the `.server` modules it imports (about 0.3 KB a page, 2 KB on some). Marked `/* @__PURE__ *\/`, the unused
   * call goes. (esbuild 0.17 of the Remix compiler predates marking the factories themselves, `@__NO_SIDE_EFFECTS__`.)
   */
  it("every top-level loader or action made by a call is marked pure, so the browser build drops it", () => {
    const pages = pageModules();
    const bad: string[] = [];
    for (const f of pages)
      for (const m of fs.readFileSync(f, "utf8").matchAll(/^export const (loader|action) = (?!\/\* @__PURE__ \*\/)(\w+)\(/gm))
        bad.push(`${path.relative(ROUTES, f)}: ${m[1]} = ${m[2]}(…)`);
    expect(bad).toEqual([]);
  });
});
