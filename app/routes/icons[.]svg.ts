import type { LoaderFunctionArgs } from "@remix-run/node";
import { iconSprite } from "~/components/icon-paths.server";
import { withSecurityHeaders } from "~/utils/security-headers.server";

/** GET /icons.svg: the icon sprite of the frame and the menu (public: the login and error pages use icons too). */
export async function loader({ request }: LoaderFunctionArgs) {
  const response = new Response(iconSprite(), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
  return withSecurityHeaders(response, request);
}
