import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANG } from "@contract/settings";
import { TranslationProvider, type Resources } from "./utils/i18n-react";

/** One language's translations from /locales/<lng>, versioned by the build so a new build never reads an old copy. */
async function fetchLocale(lng: string): Promise<Resources> {
  const version = (window as unknown as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "";
  const res = await fetch(`/locales/${encodeURIComponent(lng)}?v=${encodeURIComponent(version)}`, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`locales ${lng}: HTTP ${res.status}`);
  return (await res.json()) as Resources;
}

async function hydrate() {
  const lng = document.documentElement.lang || DEFAULT_LANG;
  let resources: Resources;
  try {
    resources = await fetchLocale(lng);
  } catch (error) {
    // Without its translations the page would hydrate into keys: leave the server-rendered page as it is
    // (every form works without JavaScript).
    console.error(error);
    return;
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider language={lng} resources={resources} load={fetchLocale}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

// At once: the translations are already on their way (the document's Link preload), and waiting for an idle moment
// only delayed the page becoming usable on a slow machine.
void hydrate();
