import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What a page's JavaScript is, for the budget test (tests/unit/js-budget.test.ts) and the bench: besides the modules
 * the HTML names, the view it shows when its route loads its views lazily (`lazyView(() => import(...))`,
 * app/utils/lazy-view.ts): the browser fetches that chunk as soon as it renders the page. Chunks loaded on a click (a
 * list's dialogs) are not part of it.
 */

/** The module names of the lazily loaded views in the console's sources; the build names their chunks `<name>-<hash>.js`. */
export function lazyViewNames(appDir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(appDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), "utf8");
    for (const m of text.matchAll(/lazyView\(\(\) => import\("([^"]+)"\)/g)) names.add(m[1]!.split("/").pop()!);
  }
  return names;
}

/**
 * The build's chunks a built module (at public URL `from`) imports: statically, or (dynamic) by `import("…")`. The
 * compiler writes absolute /build/ URLs; scripts/merge-chunks.mjs (Rollup) relative ones: both resolved to URLs.
 */
const chunkImports = (text: string, dynamic: boolean, from: string) =>
  [...text.matchAll(dynamic ? /import\(\s*["']([^"']+\.js)["']\s*\)/g : /(?:from|import)\s*["']([^"']+\.js)["']/g)].map(
    (m) => new URL(m[1]!, `http://build${from}`).pathname,
  );

/**
 * Whether a built chunk's URL is one of the lazily loaded views: `<module>-<esbuild hash>-<merge hash>.js`
 * (scripts/merge-chunks.mjs: 8 lower-case characters) or, unmerged, `<module>-<esbuild hash>.js`.
 */
const isLazyView = (url: string, names: Set<string>) =>
  names.has(
    url
      .split("/")
      .pop()!
      .replace(/-[a-z0-9]{8}\.js$/, ".js")
      .replace(/-[A-Z0-9]+\.js$/, ""),
  );

/**
 * The gzipped bytes the largest lazily loaded view adds to a page whose modules are `files` (0 when its route loads
 * none): the view's chunk and the chunks it imports that the page does not already load. `text` and `size` read a
 * built chunk (from disk, or from the console over HTTP).
 */
export async function largestViewBytes(
  files: ReadonlySet<string>,
  names: Set<string>,
  text: (url: string) => string | Promise<string>,
  size: (url: string) => number | Promise<number>,
): Promise<number> {
  const views = new Set<string>();
  for (const f of files) for (const u of chunkImports(await text(f), true, f)) if (isLazyView(u, names)) views.add(u);
  let largest = 0;
  for (const view of views) {
    const added = new Set<string>();
    const walk = async (u: string): Promise<void> => {
      if (files.has(u) || added.has(u)) return;
      added.add(u);
      for (const i of chunkImports(await text(u), false, u)) await walk(i);
    };
    await walk(view);
    let bytes = 0;
    for (const u of added) bytes += await size(u);
    largest = Math.max(largest, bytes);
  }
  return largest;
}
