import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { plural } from "@contract/plural";
import { useNonce } from "./nonce";

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
 * splitting the key anew. In the browser only texts found are kept (a bundle that gains a namespace later still finds
 * it); on the server, whose bundles are the language files as loaded, a key found missing is kept too (null): a `t`
 * searching several namespaces misses in the first ones on every render.
 */
const found = new WeakMap<Bundle, Map<string, string | null>>();
const KEEP_MISSES = typeof document === "undefined";

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  if (!bundle) return undefined;
  const flat = bundle[key];
  if (typeof flat === "string") return flat;
  let known = found.get(bundle);
  const text = known?.get(key);
  if (text !== undefined) return text ?? undefined;
  let node: unknown = bundle;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") {
      node = undefined;
      break;
    }
    node = (node as Record<string, unknown>)[part];
  }
  const result = typeof node === "string" ? node : undefined;
  if (result === undefined && !KEEP_MISSES) return undefined;
  if (!known) found.set(bundle, (known = new Map()));
  known.set(key, result ?? null);
  return result;
}

function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes("{{")) return text; // most texts have no placeholder: skip the pattern
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** Told the namespace and key (its base, before any plural suffix) of every text `translate` finds. */
export type FoundListener = (ns: string, key: string) => void;

/** Server: what a render's `t` found, and that subset as JSON for the document (app/utils/translation-subset.server.ts). */
export interface PageTranslationRecorder {
  found: FoundListener;
  json(): string;
}

/** The id of the document's `<script type="application/json">` holding the page's translations. */
export const INLINE_TRANSLATIONS_ID = "page-translations";

/** Translates `key` against one language's resources, searching `namespaces` in order (an `ns:` prefix wins). */
export function translate(
  lng: string,
  resources: Resources,
  namespaces: readonly string[],
  key: string,
  options: TOptions = {},
  onFound?: FoundListener,
): string {
  let search = options.ns ? (typeof options.ns === "string" ? [options.ns] : options.ns) : namespaces;
  let path = key;
  const colon = key.indexOf(":");
  if (colon > 0 && resources[key.slice(0, colon)] !== undefined) {
    search = [key.slice(0, colon)];
    path = key.slice(colon + 1);
  }
  for (const ns of search.length ? search : [DEFAULT_NS]) {
    const text = plural((k) => lookup(resources[ns], k), lng, path, options.count);
    if (text === undefined) continue;
    onFound?.(ns, path);
    return interpolate(text, options);
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
  /** Server: records each text found, for the document's inline translations. */
  onFound?: FoundListener;
  /** The JSON of the page's translations, as the document carries it (app/utils/translation-subset.ts). */
  pageJson(): string;
}

const TranslationContext = createContext<Store | null>(null);

/** Browser, hydrated from a page's subset: loads the rest of its language (once; again after a failure). */
let completeTranslations: (() => Promise<void>) | undefined;

/** Resolves once the browser holds its whole language: a page rendered after a client-side navigation waits for it. */
export const translationsComplete = (): Promise<void> => completeTranslations?.() ?? Promise.resolve();
export const hasAllTranslations = () => completeTranslations === undefined;

/**
 * Server: `language`, that language's resources and `recorder` (told each text the render finds). Browser: the
 * same, `load` to fetch a language's whole file (another language when the user switches with JavaScript on), and
 * `pageJson`, the document's inline translations `resources` was read from: the whole file follows after hydration.
 */
export function TranslationProvider(props: {
  language: string;
  resources: Resources;
  load?: (lng: string) => Promise<Resources>;
  recorder?: PageTranslationRecorder;
  pageJson?: string;
  children: ReactNode;
}) {
  const [state, setState] = useState({ language: props.language, resources: props.resources, partial: props.pageJson !== undefined });
  const { load, pageJson, recorder } = props;
  const changeLanguage = useCallback(
    async (lng: string) => {
      if (lng === state.language) return;
      if (!load) throw new Error("no translation loader");
      const resources = await load(lng);
      startTransition(() => setState({ language: lng, resources, partial: false }));
    },
    [load, state.language],
  );
  const { partial, language } = state;
  useEffect(() => {
    if (!partial || !load) return;
    let loading: Promise<void> | undefined;
    completeTranslations = () =>
      (loading ??= load(language).then(
        // A transition: the whole file may arrive while a lazily loaded view's boundary is still hydrating, and an
        // urgent update there makes React drop its server HTML and render it anew, blank meanwhile (React error 421).
        (resources) => startTransition(() => setState((s) => (s.language === language ? { language, resources, partial: false } : s))),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      ));
    completeTranslations().catch((error: unknown) => console.error(error));
    return () => {
      completeTranslations = undefined;
    };
  }, [partial, language, load]);
  const store = useMemo<Store>(
    () => ({
      language: state.language,
      resources: state.resources,
      changeLanguage,
      onFound: recorder?.found,
      pageJson: () => (recorder ? recorder.json() : (pageJson ?? "")),
    }),
    [state, changeLanguage, recorder, pageJson],
  );
  return <TranslationContext.Provider value={store}>{props.children}</TranslationContext.Provider>;
}

/**
 * The page's translations in the document, rendered last in <body>, after every text of the page was looked up. The
 * browser renders the text it hydrated from, so the markup stays the same (the nonce attribute is hidden there).
 */
export function PageTranslations() {
  const store = useContext(TranslationContext);
  const nonce = useNonce();
  if (!store) return null;
  return (
    <script type="application/json" id={INLINE_TRANSLATIONS_ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: store.pageJson() }} />
  );
}

/** `const { t, i18n } = useTranslation(["crud", "menu"])`: the first namespace is the default, the rest are searched in order. */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: I18nHandle } {
  const store = useContext(TranslationContext);
  if (!store) throw new Error("useTranslation outside TranslationProvider");
  const namespaces = ns === undefined ? [DEFAULT_NS] : typeof ns === "string" ? [ns] : ns;
  const key = namespaces.join("|");
  const { resources, language, changeLanguage, onFound } = store;
  const t = useCallback<TFunction>(
    (k, options) => translate(language, resources, namespaces, k, options, onFound),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the namespaces' contents
    [language, resources, key, onFound],
  );
  const i18n = useMemo<I18nHandle>(() => ({ language, changeLanguage, dir: () => "ltr" }), [language, changeLanguage]);
  return { t, i18n };
}
