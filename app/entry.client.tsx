import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18nConfig from "./i18n";
import { loadLocale } from "./utils/client-locales";

async function hydrate() {
  const lng = document.documentElement.lang || i18nConfig.fallbackLng;
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng, resources: {} });
  try {
    await loadLocale(i18next, lng);
  } catch (error) {
    // Without its translations the page would hydrate into keys: leave the server-rendered page as it is
    // (every form works without JavaScript).
    console.error(error);
    return;
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

if (window.requestIdleCallback) window.requestIdleCallback(hydrate);
else window.setTimeout(hydrate, 1);
