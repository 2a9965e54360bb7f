import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** Dependencies are used through their public entry points, and none is declared that nothing imports (issue 27 item 10). */
const ROOT = process.cwd();
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "node_modules" && !name.startsWith(".")) yield* sources(path);
    } else if (/\.(ts|tsx|js|cjs|mjs)$/.test(name)) yield path;
  }
}
const rootConfigs = readdirSync(ROOT).filter((f) => /\.(ts|js|cjs|mjs)$/.test(f)); // eslint, remix, tailwind, vitest, playwright
const code = ["app", "api", "contract", "scripts", "tests", "bench"]
  .flatMap((d) => [...sources(join(ROOT, d))])
  .concat(rootConfigs.map((f) => join(ROOT, f)))
  .map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, "utf8") }));
/** Files that import or require a module specifier matching `re`. */
const importing = (re: RegExp) =>
  code
    .filter(({ text }) => [...text.matchAll(/(?:from\s+|import\s+|import\(\s*|require(?:\.resolve)?\(\s*)["']([^"']+)["']/g)].some((m) => re.test(m[1]!)))
    .map((f) => f.file);

/** Packages that are run, not imported: each with where (a test below checks the place names it). */
const RUN_NOT_IMPORTED: Record<string, { file: string; mention: string }> = {
  "@remix-run/serve": { file: "scripts/serve-console.cjs", mention: "@remix-run/serve" },
  // remix-serve, as patched, serves the precompressed build with it (patches/README.md)
  "express-static-gzip": { file: "patches/@remix-run+serve+2.17.5.patch", mention: 'require("express-static-gzip")' },
  "@remix-run/dev": { file: "package.json", mention: "remix build" },
  "patch-package": { file: "package.json", mention: "patch-package" },
  "@stoplight/spectral-cli": { file: "tests/api/openapi-lint.test.ts", mention: "spectral" },
  prettier: { file: "package.json", mention: "prettier --check" },
  tsx: { file: "package.json", mention: "tsx bench/run.ts" },
  eslint: { file: "package.json", mention: "eslint ." },
  "playwright-core": { file: "package-lock.json", mention: '"playwright-core"' }, // @playwright/test's engine, pinned
};
const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

describe("dependencies", () => {
  it("every declared package is imported somewhere, or is run by the named script (types packages with their package)", () => {
    const unused = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => {
      if (RUN_NOT_IMPORTED[name]) return false;
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      const target = typed ? (typed.includes("__") ? `@${typed.replace("__", "/")}` : typed) : name;
      if (typed && ["node", "react", "react-dom"].includes(typed)) return false; // the runtime and JSX themselves
      return importing(new RegExp(`^${escaped(target)}(/|$)`)).length === 0;
    });
    expect(unused).toEqual([]);
    for (const [name, { file, mention }] of Object.entries(RUN_NOT_IMPORTED)) {
      expect(readFileSync(join(ROOT, file), "utf8").toLowerCase(), `${name}: ${file} names it`).toContain(mention.toLowerCase());
    }
  });

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
