/// <reference types="@remix-run/dev" />
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ClientLoaderFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData, useMatches } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { hasAllTranslations, PageTranslations, translationsComplete, useTranslation } from "./utils/i18n-react";
import { InAppNavigation } from "./components/link";
import { RootErrorBoundary } from "./components/lazy-error-boundaries";
import { HydrationMark, MARKS_HYDRATION } from "./components/hydration-mark";
import { LoadingIndicator } from "./components/loading-indicator";
import { Toaster } from "./components/toaster";
import tailwind from "./styles/tailwind.css";
import { joinTitle } from "./utils/meta";
import { useNonce } from "./utils/nonce";
import { rootLoader } from "./utils/root.server";
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "data:," },
];

export const handle = { i18n: ["common", "validation", "menu", "layout"] };

/** Root data every route can read with useRouteLoaderData("root") (app/utils/root.server.ts). */
export const loader = (args: LoaderFunctionArgs) => rootLoader(args);

/**
 * The document carries only the texts its own page used (app/utils/translation-subset.ts): a page rendered after a
 * client-side navigation that comes before the whole language file waits for it here (the root revalidates until then).
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  await translationsComplete();
  return serverLoader<typeof loader>();
}
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate || !hasAllTranslations();
export interface RootLoaderData {
  locale: "zh" | "en";
  productTitle: string;
  toast: { id: string; type: "success" | "error" | "info"; message: string } | null;
  csrf: string;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: joinTitle(null, data?.productTitle) }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData("root") as RootLoaderData | undefined;
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language ?? "zh";
  const nonce = useNonce();
  return (
    <html lang={locale} dir={i18n.dir(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-gray-50 text-gray-800 antialiased">
        <InAppNavigation>{children}</InAppNavigation>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <PageTranslations />
      </body>
    </html>
  );
}

export default function App() {
  const { locale, toast } = useLoaderData<typeof loader>();
  const { i18n } = useTranslation();
  // After a language switch with JavaScript: fetch that language's translations, then switch.
  useEffect(() => {
    if (i18n.language === locale) return;
    i18n.changeLanguage(locale).catch((error) => console.error(error));
  }, [i18n, locale]);
  const consoleMarks = useMatches().some((m) => m.id === MARKS_HYDRATION);
  return (
    <>
      <Outlet />
      {consoleMarks ? null : <HydrationMark />}
      <Toaster toast={toast} />
      <LoadingIndicator />
    </>
  );
}

export { RootErrorBoundary as ErrorBoundary };
