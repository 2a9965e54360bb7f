import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { plural } from "@contract/plural";

/**
 * The console's components translate through this module, not react-i18next: it is the same `t` on the server and
 * in the browser over the same JSON resources, so the browser no longer downloads i18next and react-i18next
 * (about 15 KB gzipped on every page). Loaders keep remix-i18next's server `t` (app/utils/i18n.server.ts).
 *
 * What the resources use, and so what `t` supports: `ns:key` prefixes, nested keys with `.`, a list of namespaces
 * searched in order, `{{name}}` interpolation (never escaped: React escapes), `defaultValue`, and plurals: with a
 * numeric `count`, `key_one` / `key_other` by the language's Intl.PluralRules before `key`, as i18next resolves them
 * (the one rule, contract/plural.ts). No nesting.
 */
export type Bundle = Record<string, unknown>;
export type Resources = Record<string, Bundle>;
export type TOptions = { ns?: string | readonly string[]; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const DEFAULT_NS = "common";

/**
 * Texts found per bundle and dotted key: a page looks up the same few hundred keys on every render, each walk
 * splitting the key anew. Only texts found are kept (a bundle that gains a namespace later still finds it).
 */
const found = new WeakMap<Bundle, Map<string, string>>();

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  if (!bundle) return undefined;
  const flat = bundle[key];
  if (typeof flat === "string") return flat;
  let known = found.get(bundle);
  const text = known?.get(key);
  if (text !== undefined) return text;
  let node: unknown = bundle;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "string") return undefined;
  if (!known) found.set(bundle, (known = new Map()));
  known.set(key, node);
  return node;
}

function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes("{{")) return text; // most texts have no placeholder: skip the pattern
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** Translates `key` against one language's resources, searching `namespaces` in order (an `ns:` prefix wins). */
export function translate(lng: string, resources: Resources, namespaces: readonly string[], key: string, options: TOptions = {}): string {
  let search = options.ns ? (typeof options.ns === "string" ? [options.ns] : options.ns) : namespaces;
  let path = key;
  const colon = key.indexOf(":");
  if (colon > 0 && resources[key.slice(0, colon)] !== undefined) {
    search = [key.slice(0, colon)];
    path = key.slice(colon + 1);
  }
  for (const ns of search.length ? search : [DEFAULT_NS]) {
    const found = plural((k) => lookup(resources[ns], k), lng, path, options.count);
    if (found !== undefined) return interpolate(found, options);
  }
  return options.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
}

/** What `useTranslation().i18n` offers: the language, and a switch that loads the other language first. */
export interface I18nHandle {
  language: string;
  changeLanguage(lng: string): Promise<void>;
  dir(lng?: string): "ltr";
}

interface Store {
  language: string;
  resources: Resources;
  changeLanguage(lng: string): Promise<void>;
}

const TranslationContext = createContext<Store | null>(null);

/**
 * Server: `language` and that language's resources. Browser: the same, plus `load` to fetch another language's
 * resources when the user switches language with JavaScript on.
 */
export function TranslationProvider(props: { language: string; resources: Resources; load?: (lng: string) => Promise<Resources>; children: ReactNode }) {
  const [state, setState] = useState({ language: props.language, resources: props.resources });
  const { load } = props;
  const changeLanguage = useCallback(
    async (lng: string) => {
      if (lng === state.language) return;
      if (!load) throw new Error("no translation loader");
      const resources = await load(lng);
      setState({ language: lng, resources });
    },
    [load, state.language],
  );
  const store = useMemo(() => ({ ...state, changeLanguage }), [state, changeLanguage]);
  return <TranslationContext.Provider value={store}>{props.children}</TranslationContext.Provider>;
}

/** `const { t, i18n } = useTranslation(["crud", "menu"])`: the first namespace is the default, the rest are searched in order. */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: I18nHandle } {
  const store = useContext(TranslationContext);
  if (!store) throw new Error("useTranslation outside TranslationProvider");
  const namespaces = ns === undefined ? [DEFAULT_NS] : typeof ns === "string" ? [ns] : ns;
  const key = namespaces.join("|");
  const { resources, language, changeLanguage } = store;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the namespaces' contents
  const t = useCallback<TFunction>((k, options) => translate(language, resources, namespaces, k, options), [language, resources, key]);
  const i18n = useMemo<I18nHandle>(() => ({ language, changeLanguage, dir: () => "ltr" }), [language, changeLanguage]);
  return { t, i18n };
}
