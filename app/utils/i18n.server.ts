import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANG, LANGS, langFromHeader, type Lang } from "@contract/settings";
import i18nConfig from "~/i18n";
import { resources } from "~/locales.server";

/**
 * Language: the `lng` cookie (set by POST /set-lang), else Accept-Language, else zh.
 * The cookie holds the plain value (`lng=en`), readable by anyone who needs it.
 */
export const LNG_COOKIE = "lng";
export const LNG_MAX_AGE = 60 * 60 * 24 * 365;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

export function readLngCookie(request: Request): Lang | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k !== LNG_COOKIE) continue;
    const raw = decodeURIComponent(rest.join("=")).replace(/^"|"$/g, "");
    if (isLang(raw)) return raw;
    if (/^(zh|en)-/i.test(raw)) return langFromHeader(raw);
  }
  return null;
}

/** Set-Cookie value for the language choice (a year, path /, SameSite=Lax). */
export function serializeLngCookie(lng: Lang, secure = false): string {
  return `${LNG_COOKIE}=${lng}; Path=/; Max-Age=${LNG_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGS],
    fallbackLanguage: DEFAULT_LANG,
    order: ["custom", "header"],
    findLocale: async (request) => readLngCookie(request),
  },
  i18next: { ...i18nConfig, resources },
});

/**
 * Accept-Language value → language, as remix-i18next detected it: every loader of a page asks (a dozen times per
 * document), and the header's parse is the same each time. Bounded: cleared when full.
 */
const byHeader = new Map<string, Lang>();
const BY_HEADER_MAX = 500;

/** The user's language (zh or en). */
export async function getLocale(request: Request): Promise<Lang> {
  const cookie = readLngCookie(request);
  if (cookie) return cookie;
  const header = request.headers.get("Accept-Language") ?? "";
  const known = byHeader.get(header);
  if (known) return known;
  const detected = await i18nServer.getLocale(request);
  const lang = isLang(detected) ? detected : DEFAULT_LANG;
  if (byHeader.size >= BY_HEADER_MAX) byHeader.clear();
  byHeader.set(header, lang);
  return lang;
}

/**
 * t functions by language and namespaces. remix-i18next's getFixedT creates and initialises a new i18next
 * instance with every bundled locale on each call (~1 ms each, several calls per page); the resources are
 * static, so one instance per (language, namespaces) serves every request.
 */
const fixedT = new Map<string, ReturnType<typeof i18nServer.getFixedT>>();

/** A server-side t function: `const t = await getT(request, "common")`. */
export async function getT(request: Request | Lang, ns: string | string[] = "common") {
  const lng = typeof request === "string" ? request : await getLocale(request);
  const key = `${lng}|${Array.isArray(ns) ? ns.join(",") : ns}`;
  let t = fixedT.get(key);
  if (!t) {
    t = i18nServer.getFixedT(lng, ns as "common");
    fixedT.set(key, t);
    t.catch(() => fixedT.delete(key));
  }
  return t;
}
