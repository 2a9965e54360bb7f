import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every key of every namespace must exist in both languages (zh and en). */
const root = path.resolve(__dirname, "../../contract/locales");
const langs = ["zh", "en"] as const;

function flatten(value: unknown, prefix = "", out: string[] = []): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.push(prefix);
  }
  return out;
}

const namespaces = [...new Set(langs.flatMap((l) => fs.readdirSync(path.join(root, l)).filter((f) => f.endsWith(".json"))))].sort();

describe("locales", () => {
  it("has namespaces", () => {
    expect(namespaces).toEqual(expect.arrayContaining(["common.json", "menu.json", "validation.json"]));
  });

  // A plural text counts as one key (`users.messages.enabled`): English has `_one` and `_other`, Chinese `_other`
  // only (tests/unit/plurals.test.ts checks the forms).
  it.each(namespaces)("%s exists in both languages with the same keys", (file) => {
    const keys = Object.fromEntries(
      langs.map((l) => {
        const p = path.join(root, l, file);
        expect(fs.existsSync(p), `${l}/${file} is missing`).toBe(true);
        return [l, new Set(flatten(JSON.parse(fs.readFileSync(p, "utf8"))).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))];
      }),
    ) as Record<(typeof langs)[number], Set<string>>;
    const onlyZh = [...keys.zh].filter((k) => !keys.en.has(k));
    const onlyEn = [...keys.en].filter((k) => !keys.zh.has(k));
    expect({ onlyZh, onlyEn }).toEqual({ onlyZh: [], onlyEn: [] });
  });

  it.each(namespaces)("%s has no empty texts", (file) => {
    for (const l of langs) {
      const json = JSON.parse(fs.readFileSync(path.join(root, l, file), "utf8"));
      const empty = flatten(json).filter((k) => {
        const v = k.split(".").reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], json);
        return typeof v === "string" && v.trim() === "";
      });
      expect(empty, `${l}/${file}`).toEqual([]);
    }
  });

  // English reads as English: no CJK punctuation and no Han characters, except where a language
  // names itself (the language choice "中文", shown with lang="zh").
  const CJK_PUNCTUATION = /[、，。：；（）【】「」]/;
  const HAN = /\p{Script=Han}/u;
  const AUTONYMS = new Set(["中文"]);
  it.each(namespaces)("en/%s has no Han characters or CJK punctuation", (file) => {
    const json = JSON.parse(fs.readFileSync(path.join(root, "en", file), "utf8"));
    const offending = flatten(json)
      .map((k) => [k, k.split(".").reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], json)] as const)
      .filter(([, v]) => typeof v === "string" && !AUTONYMS.has(v) && (HAN.test(v) || CJK_PUNCTUATION.test(v)))
      .map(([k, v]) => `${k}: ${String(v)}`);
    expect(offending).toEqual([]);
  });

  it("holds the password-policy keys used by contract/password-policy.ts", () => {
    for (const l of langs) {
      const v = JSON.parse(fs.readFileSync(path.join(root, l, "validation.json"), "utf8"));
      for (const k of ["required", "tooShort", "kinds", "sequence"]) expect(v.password?.[k], `${l} password.${k}`).toBeTruthy();
    }
  });
});

describe("the console knows every namespace", () => {
  it("lists each contract/locales namespace (but the API's own) and serves it from /locales/<lng>", async () => {
    const { readdirSync } = await import("node:fs");
    const { namespaces } = await import("~/i18n");
    const { resources } = await import("~/locales.server");
    const { loader } = await import("~/routes/locales.$lng");
    const files = readdirSync(new URL("../../contract/locales/zh", import.meta.url))
      .map((f) => f.replace(/\.json$/, ""))
      .filter((ns) => ns !== "api")
      .sort();
    expect([...namespaces].sort()).toEqual(files);
    for (const lng of ["zh", "en"] as const) {
      expect(Object.keys(resources[lng]).sort()).toEqual(files);
      const res = (await loader({ params: { lng }, request: new Request(`http://x/locales/${lng}?v=1`), context: {} })) as Response;
      expect(res.headers.get("Cache-Control")).toContain("immutable");
      expect(Object.keys(await res.json()).sort()).toEqual(files);
    }
    await expect(loader({ params: { lng: "fr" }, request: new Request("http://x/locales/fr"), context: {} })).rejects.toMatchObject({ status: 404 });
  });
});
