import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANG } from "@contract/settings";
import { INLINE_TRANSLATIONS_ID, TranslationProvider, type Resources } from "./utils/i18n-react";

/** One language's translations from /locales/<lng>, versioned by the build so a new build never reads an old copy. */
async function fetchLocale(lng: string): Promise<Resources> {
  const version = (window as unknown as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "";
  const res = await fetch(`/locales/${encodeURIComponent(lng)}?v=${encodeURIComponent(version)}`, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`locales ${lng}: HTTP ${res.status}`);
  return (await res.json()) as Resources;
}

/**
 * At once, with the texts the document carries (the ones its server render used): the whole language file loads
 * after hydration (TranslationProvider), and a client-side navigation waits for it (root.tsx's clientLoader).
 */
function hydrate() {
  const lng = document.documentElement.lang || DEFAULT_LANG;
  const pageJson = document.getElementById(INLINE_TRANSLATIONS_ID)?.textContent;
  if (!pageJson) {
    // Without its translations the page would hydrate into keys: leave the server-rendered page as it is
    // (every form works without JavaScript).
    console.error(`#${INLINE_TRANSLATIONS_ID} missing`);
    return;
  }
  // Not in startTransition: a transition hydrates in 5 ms slices, yielding to the browser between them, which on a
  // slow school PC made the page usable later (bench/hydration.ts); hydrating in one go finishes sooner.
  const root = hydrateRoot(
    document,
    <TranslationProvider language={lng} resources={JSON.parse(pageJson) as Resources} load={fetchLocale} pageJson={pageJson}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TranslationProvider>,
  );
  // The console's main area is a Suspense boundary (lazily loaded views wait there), and React hydrates a boundary's
  // server HTML at its lowest priority, after any other work: the page's filters, table and buttons hydrated last.
  // Ask for them at normal priority, right after the frame.
  const mainContent = document.querySelector("[data-testid=app-main]")?.firstElementChild;
  if (mainContent) (root as typeof root & { unstable_scheduleHydration(node: Element): void }).unstable_scheduleHydration(mainContent);
}

hydrate();
