import type { i18n as I18n } from "i18next";

/** /locales/<lng> with the build version, so a new build never reads an old cached copy. */
function localesUrl(lng: string): string {
  const version = (window as unknown as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "";
  return `/locales/${encodeURIComponent(lng)}?v=${encodeURIComponent(version)}`;
}

/** Fetches one language's translations into the browser's i18next (once per language). */
export async function loadLocale(i18n: I18n, lng: string): Promise<void> {
  if (i18n.hasResourceBundle(lng, "common")) return;
  const res = await fetch(localesUrl(lng), { credentials: "same-origin" });
  if (!res.ok) throw new Error(`locales ${lng}: HTTP ${res.status}`);
  const bundles = (await res.json()) as Record<string, Record<string, unknown>>;
  for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(lng, ns, bundle, true, true);
}
