import * as z from "zod";
import { reportView, type ReportDefinition } from "@contract/report";
import { getLocale } from "~/utils/i18n.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { setSecurityHeaders } from "~/utils/security-headers.server";
import { redirectWithToast } from "~/utils/toast.server";
import { classifyUpstreamFailure, settle, upstream, UpstreamError } from "~/utils/upstream.server";

const options = z.object({ list: z.array(z.object({ value: z.number(), label: z.string() })) });
const LOOKUP = { group: "lookups/groups/", kindergarten: "lookups/kindergartens/" } as const;

/** The declared parameters present in the URL, by name (an older URL's alias read as the name; raw strings: the API validates them). */
export function reportQuery(def: ReportDefinition, url: URL): Record<string, string> {
  const q: Record<string, string> = {};
  for (const p of def.params) {
    const v = url.searchParams.get(p.name) || (p.alias && url.searchParams.get(p.alias));
    if (v) q[p.name] = v;
  }
  return q;
}

/**
 * A report page's loader data (inside `pageLoader`): the reply of `GET <endpoint>` with the URL's parameters,
 * the options of its selects (loaded alongside) and the values to show in the GET filter form.
 */
export async function loadReport<S extends z.ZodType>(request: Request, def: ReportDefinition<S>) {
  const url = new URL(request.url);
  const query = reportQuery(def, url);
  const api = upstream(request);
  const selects = def.params.filter((p) => (p.kind === "group" || p.kind === "kindergarten") && p.inForm !== false);
  const [lang, reply, ...lists] = await Promise.all([
    getLocale(request),
    settle(api.get(def.endpoint, { query, schema: def.data })),
    ...selects.map((p) => settle(api.get(LOOKUP[p.kind as "group" | "kindergarten"], { schema: options })).then((r) => (r.ok ? r.data.list : []))),
  ]);
  return {
    values: query,
    options: Object.fromEntries(selects.map((p, i) => [p.name, lists[i]!])) as Record<string, { value: number; label: string }[]>,
    // The sections' rows are computed here, so the page needs neither the definition's functions nor zod.
    view: reportView(def, reply.ok ? (reply.data as z.infer<S>) : null, lang),
    error: reply.ok ? null : reply.error,
    fieldErrors: reply.ok ? {} : (reply.fieldErrors ?? {}),
  };
}

/**
 * `<page>/export?<params>`: the report's xlsx streamed from `GET <endpoint>export/` through the console's one upstream
 * client (its 401 → login, timeout and section 8 texts); 403 → the no-permission page, other failures → back to the
 * page with a toast.
 */
export async function reportExport(request: Request, def: ReportDefinition) {
  await requirePage(request);
  const query = reportQuery(def, new URL(request.url));
  return downloadFromApi(request, `${def.endpoint}export/`, query, def.page + (Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""));
}

/** Streams a file the API answers, through `upstream(request).download` (errors come as JSON and become a toast on `back`). */
export async function downloadFromApi(request: Request, path: string, query: Record<string, string>, back: string) {
  let file: Awaited<ReturnType<ReturnType<typeof upstream>["download"]>>;
  try {
    file = await upstream(request).download(path, { query });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.code === 403) throw forbidden();
    if (e.code === 404) throw notFound();
    throw await redirectWithToast(back, { type: "error", message: classifyUpstreamFailure(e).text });
  }
  const headers = new Headers({ "content-type": file.contentType, "cache-control": "no-store" });
  if (file.disposition) headers.set("content-disposition", file.disposition);
  return new Response(file.body, { status: 200, headers: setSecurityHeaders(headers, request) });
}
