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

/** The build's chunks a built module imports: statically, or (dynamic) by `import("…")`. */
export const chunkImports = (text: string, dynamic: boolean) =>
  [...text.matchAll(dynamic ? /import\(\s*"(\/build\/[^"]+)"\s*\)/g : /(?:from|import)\s*"(\/build\/[^"]+)"/g)].map((m) => m[1]!);

/** Whether a built chunk's URL is one of the lazily loaded views. */
export const isLazyView = (url: string, names: Set<string>) =>
  names.has(
    url
      .split("/")
      .pop()!
      .replace(/-[A-Z0-9]+\.js$/, ""),
  );
