import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCsrfToken } from "./csrf.server";
import { getLocale, getT } from "./i18n.server";
import { loaderData } from "./loader-data.server";
import { combineHeaders, getToast } from "./toast.server";

/**
 * The root route's loader: language, product title, the flash toast and the CSRF token. Here and not in app/root.tsx
 * so that the browser build of the root imports one empty stand-in, not four shared small files on every page.
 */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const t = await getT(locale, "menu");
  // "/" only redirects to /Home (its index loader runs in parallel with this one): leave the
  // flash toast for the page the user lands on instead of consuming it in data that is discarded.
  const { toast, headers: toastHeaders } = new URL(request.url).pathname === "/" ? { toast: null, headers: null } : await getToast(request);
  const { token: csrf, headers: csrfHeaders } = await getCsrfToken(request);
  return loaderData({ locale, productTitle: t("productTitle"), toast, csrf }, { headers: combineHeaders(toastHeaders, csrfHeaders) });
}
