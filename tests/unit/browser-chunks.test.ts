import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser build holds no empty stand-in chunks (patches/@remix-run+dev: an empty `.server` stand-in is free of
 * side effects, so an import that only a loader or action used is dropped). Each such chunk cost a request and a
 * round trip on a slow line: there were 15, six of them on the login page. Reads the build `npm test` makes first.
 */
const SHARED = "public/build/_shared";
const EMPTY_STAND_IN = /^import\{b as \w+\}from"[^"]+";var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\);export\{\w+ as a\};\s*$/;

describe.skipIf(!existsSync(SHARED))("browser chunks", () => {
  it("the pattern recognises an empty stand-in as esbuild writes it (the check below can fail)", () => {
    expect(EMPTY_STAND_IN.test('import{b as o}from"/build/_shared/chunk-Q3IECNXJ.js";var p=o((r,e)=>{e.exports={}});export{p as a};')).toBe(true);
  });

  it("no shared chunk is an empty stand-in of a server module", () => {
    const empty = readdirSync(SHARED).filter((f) => f.endsWith(".js") && EMPTY_STAND_IN.test(readFileSync(join(SHARED, f), "utf8")));
    expect(empty).toEqual([]);
  });
});
