/**
 * THE plural rule of the translations: i18next's key convention (JSON v4) over `Intl.PluralRules`. A text used with
 * a numeric `count` has one key per plural category of its language, `<key>_<category>`: English `_one` and
 * `_other`, Chinese `_other` only (Chinese has the one category "other"). The lookup tries `<key>_<category>` for
 * the count, then `<key>` itself. i18next does exactly this on the server (remix-i18next, the loaders); the console's
 * `t` (app/utils/i18n-react.tsx, server render and browser) and the API's (api/i18n.ts, api/resources/i18n.ts) call
 * `plural` below. One difference on purpose: a count given as digits (`#count=3` in a key with parameters,
 * contract/resource-view.ts `splitMessage`) counts too; i18next's typed `t` takes numbers only.
 * tests/unit/plurals.test.ts holds the files and the three translators to the rule.
 */
const rules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `lang` ("one", "other", …), or undefined when `count` is not a number. */
export function pluralCategory(lang: string, count: unknown): string | undefined {
  const n = typeof count === "number" ? count : typeof count === "string" && /^\d+$/.test(count) ? Number(count) : NaN;
  if (!Number.isFinite(n)) return undefined;
  let rule = rules.get(lang);
  if (!rule) rules.set(lang, (rule = new Intl.PluralRules(lang)));
  return rule.select(n);
}

/** `key`'s text through `lookup`: its plural form for `count` in `lang` first, then the key itself. */
export function plural(lookup: (key: string) => string | undefined, lang: string, key: string, count: unknown): string | undefined {
  const category = pluralCategory(lang, count);
  return (category === undefined ? undefined : lookup(`${key}_${category}`)) ?? lookup(key);
}
