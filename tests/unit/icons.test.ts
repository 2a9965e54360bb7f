import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_PAGES, SECTIONS } from "@contract/route-tree";
import { ICON_PATHS, iconSprite } from "~/components/icon-paths.server";

/** Every icon the console names is drawn in the sprite (an unknown name would show nothing). */
describe("icon sprite", () => {
  it("has every icon of the route tree and of the components", () => {
    const used = new Set<string>(["external", "chevron"]);
    for (const r of [...SECTIONS, ...ALL_PAGES]) if (r.meta.icon) used.add(r.meta.icon);
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    for (const f of walk(path.resolve(__dirname, "../../app")).filter((f) => f.endsWith(".tsx")))
      for (const m of fs.readFileSync(f, "utf8").matchAll(/<Icon name="(\w+)"|icon="(\w+)"|name=\{collapsed \? "(\w+)" : "(\w+)"\}/g))
        for (const n of m.slice(1)) if (n) used.add(n);
    const missing = [...used].filter((n) => !(n in ICON_PATHS));
    expect(missing).toEqual([]);
    const sprite = iconSprite();
    for (const n of used) expect(sprite).toContain(`<symbol id="${n}"`);
  });
});
