import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The patch-package patches (patches/, applied by `postinstall`) fit one upstream version each: patches/README.md
 * names it with the SHA-256 of the unpatched upstream file. This test fails when the installed package is another
 * version, when the patch is not applied, or when the file around it changed, so an upgrade cannot silently drop or
 * misapply a patch (issue 27 item 10).
 */
const ROOT = process.cwd();
const PATCHES = join(ROOT, "patches");
const readme = readFileSync(join(PATCHES, "README.md"), "utf8");

interface Hunk {
  before: string;
  after: string;
}

/** One patch file: the patched file's path and its hunks' text before and after (context included). */
function parsePatch(text: string): { file: string; hunks: Hunk[] } {
  const file = /^\+\+\+ b\/(.+)$/m.exec(text)![1]!;
  const hunks: Hunk[] = [];
  for (const chunk of text.split(/^@@[^\n]*@@[^\n]*\n/m).slice(1)) {
    const before: string[] = [];
    const after: string[] = [];
    for (const line of chunk.split("\n")) {
      if (line.startsWith("\\") || line.startsWith("diff --git")) break;
      const [mark, rest] = [line[0], line.slice(1)];
      if (mark === " " || mark === "-") before.push(rest);
      if (mark === " " || mark === "+") after.push(rest);
    }
    // A trailing empty line of the chunk is the split's, not the file's.
    while (before.at(-1) === "" && after.at(-1) === "") {
      before.pop();
      after.pop();
    }
    hunks.push({ before: before.join("\n"), after: after.join("\n") });
  }
  return { file, hunks };
}

const patches = readdirSync(PATCHES).filter((f) => f.endsWith(".patch"));

describe("patch-package patches", () => {
  it("there are patches to check (the test cannot pass empty)", () => {
    expect(patches.length).toBeGreaterThan(0);
  });

  for (const name of patches) {
    const m = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(name)!;
    const pkg = m[1]!.replace(/\+/g, "/");
    const version = m[2]!;

    describe(name, () => {
      const { file, hunks } = parsePatch(readFileSync(join(PATCHES, name), "utf8"));
      const installed = readFileSync(join(ROOT, file), "utf8");

      it(`the installed ${pkg} is the version the patch was made for (${version}), and README.md notes it`, () => {
        expect(JSON.parse(readFileSync(join(ROOT, "node_modules", pkg, "package.json"), "utf8")).version).toBe(version);
        expect(readme).toContain(`\`${name}\``);
      });

      it("every hunk is applied, in the order of the patch", () => {
        let from = 0;
        for (const h of hunks) {
          const at = installed.indexOf(h.after, from);
          expect(at, h.after.slice(0, 200)).toBeGreaterThanOrEqual(0);
          from = at + h.after.length;
        }
      });

      it("the file without the patch is the upstream file the patch was made for (SHA-256 in README.md)", () => {
        let upstream = installed;
        for (const h of hunks) upstream = upstream.replace(h.after, () => h.before);
        const sha = createHash("sha256").update(upstream).digest("hex");
        expect(readme).toContain(`| \`${name}\` | \`${file}\` | ${version} | \`${sha}\` |`);
      });
    });
  }
});
