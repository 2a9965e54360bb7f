import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isLang } from "~/utils/i18n.server";
import { resources } from "~/locales.server";
import { withSecurityHeaders } from "~/utils/security-headers.server";

/**
 * GET /locales/<lng>: every namespace of one language, for the browser's i18next (app/utils/client-locales.ts).
 * Public (the login screens need it too). The URL carries the build version, so it may be cached for long.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!isLang(params.lng)) throw json({ reason: "notFound" }, { status: 404 });
  const versioned = new URL(request.url).searchParams.has("v");
  const response = json(resources[params.lng], {
    headers: { "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300" },
  });
  return withSecurityHeaders(response, request);
}
