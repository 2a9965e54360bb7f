/** Defaults of shared/demo-data.md "Ports and settings"; each is overridable by the environment. */
export const DEFAULTS = {
  PORT: 3000,
  API_PORT: 8787,
  DATABASE_URL: "file:./data/school.db",
  APP_ID: "kg-admin-pc",
  REQUEST_TIMEOUT_MS: 30000,
  TOAST_MS: 2000,
  MOBILE_BREAKPOINT: 992,
  KINDERGARTEN_LIST_PAGE_SIZE: 10000,
} as const;

export const defaultApiBaseUrl = (apiPort: number | string = DEFAULTS.API_PORT) => `http://127.0.0.1:${apiPort}/`;

/** lang header values: the console's zh/en mapped to the server's values. */
export const LANGS = ["zh", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "zh";
export const SERVER_LANG: Record<Lang, string> = { zh: "zh-CN", en: "en-US" };
/** Accepts either form (zh, zh-CN, en, en-US) and answers the console's value. */
export function langFromHeader(value: string | null | undefined): Lang {
  return value && value.toLowerCase().startsWith("en") ? "en" : "zh";
}
