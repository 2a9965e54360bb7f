import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/permissions.server";
import { FILE_CSP, setSecurityHeaders } from "~/utils/security-headers.server";
import { requireUser } from "~/utils/session.server";
import { upstream, UpstreamError } from "~/utils/upstream.server";

/**
 * A stored file (or its thumbnail: `?variant=thumb`) streamed from the API's checked `GET files/{id}`: the API answers
 * only users allowed to see the record the file belongs to (others: 404). Never cached by shared caches; served with
 * the API's `Content-Security-Policy: sandbox` and Content-Disposition.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = params.id ?? "";
  if (!/^\d{1,10}$/.test(id)) throw notFound();
  const variant = new URL(request.url).searchParams.get("variant") === "thumb" ? "thumb" : "file";
  try {
    const file = await upstream(request).download(`files/${id}`, { query: { variant } });
    const headers = new Headers({ "content-type": file.contentType, "cache-control": "private, max-age=300", "x-content-type-options": "nosniff" });
    headers.set("content-disposition", file.disposition ?? "inline");
    if (file.contentLength != null) headers.set("content-length", String(file.contentLength));
    setSecurityHeaders(headers, request);
    // The API's sandbox, kept: a file is never a page of the console's origin.
    headers.set("content-security-policy", FILE_CSP);
    return new Response(file.body, { status: 200, headers });
  } catch (e) {
    if (e instanceof UpstreamError) throw new Response(null, { status: e.code === 403 || e.code === 404 ? 404 : 502 });
    throw e;
  }
}
