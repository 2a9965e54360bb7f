import type { Bundle, PageTranslationRecorder, Resources } from "./i18n-react";

/**
 * The translations a page needs, sent with its document (issue 28): the server render records every text its `t`
 * finds (namespace + key), and the document carries exactly those texts, in the same nested shape, so that the
 * browser hydrates at once with the same `t` and loads the whole language file afterwards (app/entry.client.tsx).
 */

/** Every plural category Intl.PluralRules knows: a key found once brings all its forms (another count, same page). */
const FORMS = ["zero", "one", "two", "few", "many", "other"];

/** Copies `base` and its plural forms `base_<category>` from `from` to `to`, where they are texts. */
function copyForms(from: Bundle, to: Bundle, base: string) {
  for (const k of [base, ...FORMS.map((f) => `${base}_${f}`)]) if (typeof from[k] === "string") to[k] = from[k];
}

/** Copies one key (flat `a.b` or nested a → b, as `translate` reads both) with its plural forms. */
function copyKey(from: Bundle, to: Bundle, key: string) {
  copyForms(from, to, key);
  const parts = key.split(".");
  const last = parts.pop()!;
  let src: unknown = from;
  let dst = to;
  for (const part of parts) {
    src = (src as Record<string, unknown>)[part];
    if (src === null || typeof src !== "object") return;
    dst = (dst[part] ??= {}) as Bundle;
  }
  copyForms(src as Bundle, dst, last);
}

/** The documents' JSON per language and set of texts found: a page finds the same texts on every render. */
const jsonCache = new WeakMap<Resources, Map<string, string>>();
/** Sets kept per language (pages × what varies in them); past it the cache starts over. */
const JSON_CACHE_MAX = 2000;

/**
 * Records the texts a render finds in `resources`; `subset()` is what it used (every namespace present, maybe empty),
 * `json()` the same as the document carries it (kept per set of texts found, in the order found).
 */
export function recordTranslations(resources: Resources): PageTranslationRecorder & { subset(): Resources } {
  const used = new Map<string, Set<string>>();
  return {
    found: (ns, key) => (used.get(ns) ?? used.set(ns, new Set()).get(ns)!).add(key),
    subset() {
      // Every namespace, even unused: `translate` reads an `ns:` prefix only for a namespace it knows.
      const out: Resources = Object.fromEntries(Object.keys(resources).map((ns) => [ns, {}]));
      for (const [ns, keys] of used) for (const key of keys) copyKey(resources[ns]!, out[ns]!, key);
      return out;
    },
    json() {
      let signature = "";
      // Namespaces and keys never hold control characters.
      for (const [ns, keys] of used) signature += `${ns}\u0001${[...keys].join("\u0002")}\u0003`;
      let cache = jsonCache.get(resources);
      if (!cache) jsonCache.set(resources, (cache = new Map()));
      let json = cache.get(signature);
      if (json === undefined) {
        json = scriptJson(this.subset());
        if (cache.size >= JSON_CACHE_MAX) cache.clear();
        cache.set(signature, json);
      }
      return json;
    },
  };
}

/** JSON safe inside a `<script>` element: no `<` at all, so neither `</script>` nor `<!--` can end or change it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
