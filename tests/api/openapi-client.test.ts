/**
 * A generated client is part of the tests (issue 27.6): openapi-typescript turns the served /openapi.json into
 * tests/api/generated-client/schema.d.ts, `tsc --strict` compiles it with the script written against it
 * (tests/api/generated-client/script.ts, openapi-fetch), and the script runs: log in with the documented password
 * encryption, list students with a filter and a sort, create and delete a class, download an export, download an
 * import template and import a file made from it (multipart, `file` typed as a Blob), then read the created rows back.
 */
import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ts from "typescript";
import openapiTS, { astToString, NULL } from "openapi-typescript";
import { DEFAULT_AES_IV, DEFAULT_AES_KEY } from "@contract/crypto";
import { PASSWORD, phoneOf, startTestApi, type TestApi } from "./helpers";

const DIR = resolve(__dirname, "generated-client");
const SCHEMA = join(DIR, "schema.d.ts");
const TSCONFIG = join(DIR, "tsconfig.json");
/** `format: binary` as a Blob (openapi-typescript's documented transform), so a multipart `file` takes a File. */
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
const binaryAsBlob = (s: { format?: string; nullable?: boolean }) =>
  s.format === "binary" ? (s.nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB) : undefined;

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(SCHEMA, { force: true });
  rmSync(TSCONFIG, { force: true });
});

describe("a client generated from the served document", () => {
  it("compiles under tsc --strict and logs in, lists, creates and deletes, downloads, imports", async () => {
    const doc = await (await fetch(new URL("openapi.json", t.url))).json();
    const types = astToString(await openapiTS(doc, { transform: binaryAsBlob }));
    writeFileSync(SCHEMA, types);
    writeFileSync(
      TSCONFIG,
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", types: ["node"], skipLibCheck: true },
        files: ["script.ts", "schema.d.ts"],
      }),
    );
    const tsc = resolve(__dirname, "../../node_modules/typescript/bin/tsc");
    const compiled = await promisify(execFile)(process.execPath, [tsc, "-p", TSCONFIG], { cwd: DIR }).then(
      () => "",
      (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ""}${e.stderr ?? ""}`,
    );
    expect(compiled).toBe("");
    console.log(`generated client: ${types.split("\n").length} lines of types, tsc --strict: 0 errors`);

    // Imported by path, so that the project's own type check (which does not see the generated schema) skips it.
    const script = join(DIR, "script.ts");
    const { run } = (await import(/* @vite-ignore */ script)) as {
      run(url: string, login: { phone: string; password: string; key: string; iv: string }): Promise<Record<string, any>>;
    };
    const r = await run(t.url, { phone: phoneOf(6), password: PASSWORD, key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV });
    expect(r.userId).toBeGreaterThan(0);
    expect(r.studentsTotal).toBeGreaterThan(0);
    expect(new Set(r.studentStatuses)).toEqual(new Set(["at_school"]));
    expect(r.studentIds).toEqual([...r.studentIds].sort((a, b) => b - a));
    expect(r.studentIds.length).toBe(5);
    expect(r.classId).toBeGreaterThan(0);
    expect(r.deletedCode).toBe(200);
    expect(r.afterDeleteStatus).toBe(404);
    expect(r.exportType).toMatch(/spreadsheetml/);
    expect(r.exportBytes).toBeGreaterThan(1000);
    expect(r.templateType).toMatch(/^text\/csv/);
    expect(r.templateHeader.length).toBe(3);
    expect(r.importedCount).toBe(2);
    expect(r.importedNames).toEqual([...r.importedNames].sort());
    expect(r.importedNames).toHaveLength(2);
    expect(r.importedCapacities).toEqual([30, 45]);
    expect(r.afterCleanupTotal).toBe(0);
  }, 180_000);
});
