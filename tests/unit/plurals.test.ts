import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../fixtures/source-files";
import { API_NAMESPACE, LOCALES, NAMESPACES } from "@contract/locales";
import { pluralCategory } from "@contract/plural";
import { LANGS, type Lang } from "@contract/settings";
import { t as apiT } from "@api/i18n";
import { rt } from "@api/resources/i18n";
import { translate } from "~/utils/i18n-react";
import { resources } from "~/locales.server";
import { getT } from "~/utils/i18n.server";

/**
 * Plurals (issue 28 item 7): one rule, i18next's `_one`/`_other` keys over Intl.PluralRules (contract/plural.ts), for
 * i18next on the server, the console's own `t` and the API. English never writes "user(s)": a text with a count has
 * the forms of both languages (English `_one` and `_other`; Chinese repeats `_other` as its `_one`, since it picks
 * only `other`, and so the two locale files stay in step key for key), and a key the code uses with `count` is such
 * a text.
 */
const ROOT = path.resolve(__dirname, "../..");
const PLURAL = /_(zero|one|two|few|many|other)$/;
const CATEGORIES: Record<Lang, string[]> = Object.fromEntries(LANGS.map((l) => [l, new Intl.PluralRules(l).resolvedOptions().pluralCategories])) as Record<
  Lang,
  string[]
>;

/** Every text of a language: `ns:dotted.key` → text. */
function texts(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === "string") out.set(prefix, value);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, prefix.endsWith(":") ? prefix + k : `${prefix}.${k}`);
  };
  for (const ns of NAMESPACES) walk(LOCALES[lang][ns], `${ns}:`);
  return out;
}
const TEXTS = Object.fromEntries(LANGS.map((l) => [l, texts(l)])) as Record<Lang, Map<string, string>>;

/** The plural texts of a language: base key → its categories. */
function pluralGroups(lang: Lang): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of TEXTS[lang].keys()) {
    const m = PLURAL.exec(key);
    if (m) out.set(key.slice(0, m.index), (out.get(key.slice(0, m.index)) ?? new Set()).add(m[1]!));
  }
  return out;
}
const GROUPS = Object.fromEntries(LANGS.map((l) => [l, pluralGroups(l)])) as Record<Lang, Map<string, Set<string>>>;

/** The object literal that starts at `from` (`{`), up to its closing brace. */
function objectAt(src: string, from: number): string {
  let depth = 0;
  for (let i = from; i < src.length; i++) {
    if ("([{".includes(src[i]!)) depth++;
    else if (")]}".includes(src[i]!) && --depth === 0) return src.slice(from, i + 1);
  }
  return src.slice(from);
}

/**
 * Keys the code names literally with a `count` among their parameters: `t("crud:list.total", { count })`,
 * `reply(c, data, "usermgmt:users.messages.enabled", { count: 1 })`, `new ApiError(409, "…", { name, count })`.
 * A key without namespace is the API's own or, in a component, a key of some namespace with that path.
 */
function keysUsedWithCount(): { key: string; where: string; found: string[] }[] {
  const out: { key: string; where: string; found: string[] }[] = [];
  for (const file of [...sourceFiles(path.join(ROOT, "api")), ...sourceFiles(path.join(ROOT, "app")), ...sourceFiles(path.join(ROOT, "contract"))]) {
    const src = fs.readFileSync(file, "utf8");
    for (const m of src.matchAll(/"((?:\w+:)?[\w.]+)"\s*,\s*\{/g)) {
      const params = objectAt(src, m.index! + m[0].length - 1);
      if (!/[{,]\s*count\s*[:,}]/.test(params)) continue;
      const key = m[1]!;
      const candidates = key.includes(":") ? [key] : NAMESPACES.map((ns) => `${ns}:${key}`);
      const found = candidates.filter((k) => TEXTS.zh.has(k) || TEXTS.en.has(k) || GROUPS.zh.has(k) || GROUPS.en.has(k));
      out.push({ key, where: `${path.relative(ROOT, file)}:${src.slice(0, m.index).split("\n").length}`, found });
    }
  }
  return out;
}

describe("plurals: one rule, i18next's keys over Intl.PluralRules", () => {
  it("knows each language's categories (English one and other, Chinese other only)", () => {
    expect(CATEGORIES).toEqual({ zh: ["other"], en: ["one", "other"] });
    expect([pluralCategory("en", 1), pluralCategory("en", 0), pluralCategory("en", 2), pluralCategory("zh", 1)]).toEqual(["one", "other", "other", "other"]);
    expect([pluralCategory("en", "1"), pluralCategory("en", undefined), pluralCategory("en", "x")]).toEqual(["one", undefined, undefined]);
  });

  it('English never writes "(s)": a count takes its plural forms', () => {
    const bad = [...TEXTS.en].filter(([, v]) => /\w\(s\)/i.test(v)).map(([k, v]) => `${k}: ${v}`);
    expect(bad).toEqual([]);
  });

  // Both languages carry the same keys (the locale files are in step key for key): a plural text has the forms of
  // every language in each, and where a language never picks a form (Chinese has only "other") it repeats "other".
  const ALL_FORMS = [...new Set(LANGS.flatMap((l) => CATEGORIES[l]))].sort();
  it.each(LANGS)("%s: every plural text has the forms of every language, and no plain key beside them", (lang) => {
    const bad: string[] = [];
    for (const [key, forms] of GROUPS[lang]) {
      if ([...forms].sort().join() !== ALL_FORMS.join()) bad.push(`${key}: ${[...forms].join(", ")}`);
      if (TEXTS[lang].has(key)) bad.push(`${key}: also a plain text`);
      for (const form of forms)
        if (!CATEGORIES[lang].includes(form) && TEXTS[lang].get(`${key}_${form}`) !== TEXTS[lang].get(`${key}_other`))
          bad.push(`${key}_${form}: a form ${lang} never picks must repeat _other`);
    }
    expect(bad).toEqual([]);
  });

  it.each(LANGS)("%s: every text with {{count}} is a plural text", (lang) => {
    const bad = [...TEXTS[lang]].filter(([k, v]) => /\{\{\s*count\s*\}\}/.test(v) && !PLURAL.test(k)).map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it("every key the code uses with `count` has its plural forms (English one and other, Chinese other)", () => {
    const uses = keysUsedWithCount();
    expect(uses.length, "the scan finds the uses (it can fail)").toBeGreaterThan(15);
    const bad = uses
      .filter((u) => u.found.length > 0)
      .filter((u) => !u.found.some((k) => ["one", "other"].every((c) => GROUPS.en.get(k)?.has(c)) && GROUPS.zh.get(k)?.has("other")))
      .map((u) => `${u.where}: ${u.key}`);
    expect(bad).toEqual([]);
  });

  it("i18next (the loaders), the console's t and the API's give the same text for the same count", async () => {
    const params = (text: string) => Object.fromEntries([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].filter((m) => m[1] !== "count").map((m) => [m[1]!, "X"]));
    let compared = 0;
    for (const lang of LANGS) {
      for (const key of GROUPS.en.keys()) {
        const [ns, path] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
        const filler = params(TEXTS.en.get(`${key}_other`)!);
        const i18next = ns === API_NAMESPACE ? undefined : await getT(lang, ns);
        for (const count of [0, 1, 2, 21]) {
          const expected = (TEXTS[lang].get(`${key}_${pluralCategory(lang, count)}`) ?? `(no ${key}_${pluralCategory(lang, count)})`).replace(
            /\{\{\s*(\w+)\s*\}\}/g,
            (_, p: string) => (p === "count" ? String(count) : "X"),
          );
          const got =
            ns === API_NAMESPACE
              ? { api: apiT(lang, path, { ...filler, count }) }
              : {
                  i18next: i18next!(key, { ...filler, count }),
                  console: translate(lang, resources[lang], [ns], key, { ...filler, count }),
                  api: rt(lang, key, { ...filler, count }),
                  apiInline: rt(lang, `${key}#${new URLSearchParams({ ...filler, count: String(count) })}`),
                };
          for (const [who, text] of Object.entries(got)) expect(text, `${lang} ${key} count=${count} (${who})`).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(rt("en", "usermgmt:users.messages.disabled", { count: 1 })).toBe("1 user disabled");
    expect(rt("en", "usermgmt:users.messages.disabled", { count: 2 })).toBe("2 users disabled");
    expect(rt("zh", "usermgmt:users.messages.disabled", { count: 1 })).toBe("已停用 1 个用户");
  });
});
