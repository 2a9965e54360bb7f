import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_NAMESPACE, CONSOLE_NAMESPACES, LOCALES, NAMESPACES } from "@contract/locales";
import { RESOURCES } from "@contract/resources";
import { ALL_PAGES } from "@contract/route-tree";

/**
 * The one-registry rules of docs/architecture.md "How to add a resource or a translation namespace":
 * contract/locales/index.ts names exactly the JSON files of contract/locales (both languages), and every
 * definition of contract/resources/index.ts sits on a page of the route tree with its console route modules.
 */
const root = path.resolve(__dirname, "../..");
const files = (lang: string) =>
  fs
    .readdirSync(path.join(root, "contract/locales", lang))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""))
    .sort();

describe("registries", () => {
  it("contract/locales/index.ts lists every namespace file, in both languages, with the files' contents", () => {
    expect([...NAMESPACES].sort()).toEqual(files("zh"));
    expect([...NAMESPACES].sort()).toEqual(files("en"));
    for (const lang of ["zh", "en"] as const)
      for (const ns of NAMESPACES)
        expect(LOCALES[lang][ns], `${lang}/${ns}`).toEqual(JSON.parse(fs.readFileSync(path.join(root, "contract/locales", lang, `${ns}.json`), "utf8")));
    expect(CONSOLE_NAMESPACES).not.toContain(API_NAMESPACE);
    expect(CONSOLE_NAMESPACES.length).toBe(NAMESPACES.length - 1);
  });

  it("every resource of contract/resources/index.ts has a route-tree page and its console list module", () => {
    const pages = new Set(ALL_PAGES.map((p) => p.path));
    for (const def of Object.values(RESOURCES)) {
      expect(pages.has(def.page), `${def.name}: page ${def.page}`).toBe(true);
      const [, section, name] = def.page.split("/");
      expect(fs.existsSync(path.join(root, "app/routes/_console+", `${section}+`, `${name}.tsx`)), `${def.name}: list module of ${def.page}`).toBe(true);
    }
  });
});
