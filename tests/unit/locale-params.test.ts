import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../fixtures/source-files";
import { LOCALES, NAMESPACES, API_NAMESPACE } from "@contract/locales";

/**
 * No reply or page shows an unfilled "{{param}}" (issue 25, item 15: `students/manual/` answered "Saved as version
 * {{version}}"). For every text with parameters, each place in api/ and app/ that names its key literally must pass
 * every parameter in the same call, after the key (a data object before the key is not a parameter). Keys built at
 * run time are not seen here; the engine's `doneKey` texts get `count` and `action` from the engine itself.
 */
const ROOT = path.resolve(__dirname, "../..");
const ENGINE_PARAMS = new Set(["count", "action"]);

/** Every key whose text (in either language) has parameters, as the code names it: `ns:key`, or bare for the API's own. */
function keysWithParams(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const walk = (value: unknown, prefix: string, ns: string) => {
    if (typeof value === "string") {
      const params = [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
      if (!params.length) return;
      const base = prefix.replace(/_(one|other|zero|few|many|two)$/, "");
      for (const key of ns === API_NAMESPACE ? [base, `${ns}:${base}`] : [`${ns}:${base}`]) {
        const set = out.get(key) ?? new Set<string>();
        params.forEach((p) => set.add(p));
        out.set(key, set);
      }
    } else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k, ns);
  };
  for (const lang of ["zh", "en"] as const) for (const ns of NAMESPACES) walk(LOCALES[lang][ns], "", ns);
  return out;
}

/** The rest of the call (or object) a literal stands in: up to the bracket that closes around it. */
function restOfEnclosing(src: string, from: number): string {
  let depth = 0;
  for (let i = from; i < src.length; i++) {
    const ch = src[i]!;
    if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch) && --depth < 0) return src.slice(from, i);
  }
  return src.slice(from);
}

function unfilledUses() {
  const keys = keysWithParams();
  const problems: string[] = [];
  let uses = 0;
  for (const file of [...sourceFiles(path.join(ROOT, "api")), ...sourceFiles(path.join(ROOT, "app"))]) {
    const src = fs.readFileSync(file, "utf8");
    for (const m of src.matchAll(/"((?:\w+:)?[\w.]+)"/g)) {
      const params = keys.get(m[1]!);
      if (!params) continue;
      uses++;
      const before = src.slice(Math.max(0, m.index! - 12), m.index!);
      if (/doneKey:\s*$/.test(before) && [...params].every((p) => ENGINE_PARAMS.has(p))) continue;
      const rest = restOfEnclosing(src, m.index! + m[0].length);
      const missing = [...params].filter((p) => !new RegExp(`\\b${p}\\b`).test(rest));
      if (missing.length) problems.push(`${path.relative(ROOT, file)}:${src.slice(0, m.index).split("\n").length} ${m[1]} lacks ${missing.join(", ")}`);
    }
  }
  return { problems, uses };
}

describe("texts with parameters get them", () => {
  it("every literal use of a key whose text has {{parameters}} passes them all", () => {
    const { problems, uses } = unfilledUses();
    expect(uses).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
