import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** Dependencies are used through their public entry points, and none is declared that nothing imports (issue 27 item 10). */
const ROOT = process.cwd();
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "node_modules" && !name.startsWith(".")) yield* sources(path);
    } else if (/\.(ts|tsx|js|cjs|mjs)$/.test(name)) yield path;
  }
}
const code = ["app", "api", "contract", "scripts"]
  .flatMap((d) => [...sources(join(ROOT, d))])
  .map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, "utf8") }));
/** Files that import or require a module specifier matching `re`. */
const importing = (re: RegExp) =>
  code.filter(({ text }) => [...text.matchAll(/(?:from\s+|import\(\s*|require\(\s*)["']([^"']+)["']/g)].some((m) => re.test(m[1]!))).map((f) => f.file);

describe("dependencies", () => {
  it("the import scan finds imports (the checks below can fail)", () => {
    expect(importing(/^rate-limiter-flexible$/)).toContain("api/auth/rate-limit.ts");
  });

  it("no package's private files are loaded: rate-limiter-flexible through its index only", () => {
    expect(importing(/^rate-limiter-flexible\/lib\//)).toEqual([]);
    expect(code.filter(({ text }) => /createRequire\([^)]*\)\(\s*["']rate-limiter-flexible\//.test(text)).map((f) => f.file)).toEqual([]);
  });

  it("@mjackson/multipart-parser is neither declared nor imported (contract/multipart.ts reads multipart)", () => {
    expect(pkg.dependencies["@mjackson/multipart-parser"]).toBeUndefined();
    expect(importing(/^@mjackson\/multipart-parser/)).toEqual([]);
  });
});
