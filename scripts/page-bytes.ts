import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { largestViewBytes, lazyViewNames } from "./lazy-views";

/**
 * What a browser needs before a page is usable (issue 28: ≤ 115 KB compressed), per leaf route of a built console:
 * - JavaScript: the entry and its imports, each route module of the chain with its imports, and, where the route
 *   shows one of several views loaded only when shown (~/utils/lazy-view), its largest view with that view's imports.
 *   Chunks loaded on a click (the list's dialogs) are not counted: a page is complete without them;
 * - CSS: the root's stylesheet (the only one; the server build names it);
 * - translations: the JSON the document carries (app/utils/translation-subset.ts), as measured by rendering every
 *   page (tests/e2e/page-translations-size.spec.ts, `translations`); a route not measured there (a detail page
 *   reached by no list link, a resource route) is charged the largest figure measured.
 * Each file compressed on its own, as it is sent. For the budget test (tests/unit/js-budget.test.ts) and the bench.
 */
export interface PageBytes {
  route: string;
  js: number;
  css: number;
  translations: number;
  total: number;
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}

function readManifest(buildDir: string) {
  const file = readdirSync(buildDir).find((f) => f.startsWith("manifest-"));
  if (!file) throw new Error(`no manifest in ${buildDir}: run \`npx remix build\` first`);
  const text = readFileSync(join(buildDir, file), "utf8")
    .replace(/^window.__remixManifest=/, "")
    .replace(/;$/, "");
  return JSON.parse(text) as { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };
}

/** The stylesheets the server build links (`/build/_assets/*.css`). */
const stylesheets = (serverBuild: string) => [
  ...new Set([...readFileSync(serverBuild, "utf8").matchAll(/"(\/build\/_assets\/[^"]+\.css)"/g)].map((m) => m[1]!)),
];

/**
 * Every leaf route's bytes, heaviest first. `root`: the directory holding public/ and build/ (a console build);
 * `compress`: bytes of one file compressed (gzip or brotli); `translations`: per route id, the compressed size of its
 * inline translations in the same encoding.
 */
export async function pageBytes(
  root: string,
  compress: (text: string) => number,
  translations: Record<string, number>,
  appDir = join(root, "app"),
): Promise<PageBytes[]> {
  const m = readManifest(join(root, "public/build"));
  const texts = new Map<string, string>();
  const sizes = new Map<string, number>();
  const source = (url: string) => texts.get(url) ?? texts.set(url, readFileSync(join(root, "public", url), "utf8")).get(url)!;
  const size = (url: string) => sizes.get(url) ?? sizes.set(url, compress(source(url))).get(url)!;
  const css = stylesheets(join(root, "build/index.js")).reduce((sum, url) => sum + size(url), 0);
  const views = lazyViewNames(appDir);
  const unmeasured = Math.max(...Object.values(translations));
  const out: PageBytes[] = [];
  for (const page of scriptsOf(m)) {
    const files = new Set(page.scripts);
    const js = page.scripts.reduce((sum, f) => sum + size(f), 0) + (await largestViewBytes(files, views, source, size));
    const inline = translations[page.route] ?? unmeasured;
    out.push({ route: page.route, js, css, translations: inline, total: js + css + inline });
  }
  return out.sort((a, b) => b.total - a.total);
}

/** Every leaf route's script files as the HTML names them (entry, its imports, each route of the chain with its imports). */
export const pageScripts = (root: string) => scriptsOf(readManifest(join(root, "public/build")));

function scriptsOf(m: ReturnType<typeof readManifest>): { route: string; scripts: string[] }[] {
  const parents = new Set(Object.values(m.routes).map((r) => r.parentId));
  return Object.values(m.routes)
    .filter((r) => !parents.has(r.id))
    .map((page) => {
      const files = new Set([m.entry.module, ...m.entry.imports]);
      for (let r: ManifestRoute | undefined = page; r; r = r.parentId ? m.routes[r.parentId] : undefined) {
        files.add(r.module);
        for (const f of r.imports ?? []) files.add(f);
      }
      return { route: page.id, scripts: [...files] };
    });
}
