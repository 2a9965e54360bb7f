import { resolve } from "node:path";
import * as fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import spectralCore from "@stoplight/spectral-core";
import { Json } from "@stoplight/spectral-parsers";
import { fetch as spectralFetch } from "@stoplight/spectral-runtime";
import { bundleAndLoadRuleset } from "@stoplight/spectral-ruleset-bundler/with-loader";
import { startTestApi, type TestApi } from "./helpers";

const { Spectral, Document } = spectralCore;
const RULESET = resolve(__dirname, "../../.spectral.yaml");

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("OpenAPI description", () => {
  it("passes Spectral's oas rules (.spectral.yaml) without errors or warnings", async () => {
    const res = await fetch(new URL("openapi.json", t.url));
    expect(res.status).toBe(200);
    const text = await res.text();
    const spectral = new Spectral();
    spectral.setRuleset(await bundleAndLoadRuleset(RULESET, { fs, fetch: spectralFetch }));
    const results = await spectral.run(new Document(text, Json, "openapi.json"));
    const errors = results.filter((r) => r.severity === 0);
    const warnings = results.filter((r) => r.severity === 1);
    const byRule = (rs: typeof results) =>
      Object.entries(rs.reduce<Record<string, number>>((m, r) => ((m[String(r.code)] = (m[String(r.code)] ?? 0) + 1), m), {}));
    console.log(`Spectral: ${errors.length} errors, ${warnings.length} warnings ${JSON.stringify(Object.fromEntries(byRule(warnings)))}`);
    expect(errors.map((e) => `${e.code} ${e.path.join(".")}: ${e.message}`)).toEqual([]);
    // The ruleset turns off, with its reason, what the API does on purpose; every other warning is a defect.
    expect(warnings.map((e) => `${e.code} ${e.path.join(".")}: ${e.message}`)).toEqual([]);
    expect(JSON.parse(text).openapi).toMatch(/^3\./);
  });
});
