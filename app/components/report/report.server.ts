import { redirect } from "@remix-run/node";
import * as z from "zod";
import type { ReportDefinition } from "@contract/report";
import { SERVER_LANG } from "@contract/settings";
import { getEnv } from "~/utils/env.server";
import { getLocale } from "~/utils/i18n.server";
import { forbidden, requirePage } from "~/utils/permissions.server";
import { setSecurityHeaders } from "~/utils/security-headers.server";
import { redirectWithToast } from "~/utils/toast.server";
import { networkErrorText, settle, unknownErrorText, upstream } from "~/utils/upstream.server";

const options = z.object({ list: z.array(z.object({ value: z.number(), label: z.string() })) });
const LOOKUP = { group: "lookups/groups/", kindergarten: "lookups/kindergartens/" } as const;

/** The declared parameters present in the URL (raw strings; the API validates them). */
export function reportQuery(def: ReportDefinition, url: URL): Record<string, string> {
  const q: Record<string, string> = {};
  for (const p of def.params) {
    const v = url.searchParams.get(p.name);
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
  const [reply, ...lists] = await Promise.all([
    settle(api.get(def.endpoint, { query, schema: def.data })),
    ...selects.map((p) => settle(api.get(LOOKUP[p.kind as "group" | "kindergarten"], { schema: options })).then((r) => (r.ok ? r.data.list : []))),
  ]);
  return {
    values: query,
    options: Object.fromEntries(selects.map((p, i) => [p.name, lists[i]!])) as Record<string, { value: number; label: string }[]>,
    report: reply.ok ? (reply.data as z.infer<S>) : null,
    error: reply.ok ? null : reply.error,
    fieldErrors: reply.ok ? {} : (reply.fieldErrors ?? {}),
  };
}

/**
 * `<page>/export?<params>`: the report's xlsx streamed from `GET <endpoint>export/`. The console's upstream client
 * has no download function yet, so this is the resource export's approach (a raw fetch with the same headers and a
 * 30 s timeout; 401 → login, 403 → no-permission page, other failures → back to the page with a toast).
 */
export async function reportExport(request: Request, def: ReportDefinition) {
  const { user } = await requirePage(request);
  const url = new URL(request.url);
  const query = reportQuery(def, url);
  return downloadFromApi(request, user.token, `${def.endpoint}export/`, query, def.page + (Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""));
}

/** Streams a file the API answers (errors come as JSON and become a toast on `back`). */
export async function downloadFromApi(request: Request, token: string, path: string, query: Record<string, string>, back: string) {
  const lang = await getLocale(request);
  const target = new URL(path, getEnv().API_BASE_URL.replace(/\/?$/, "/"));
  for (const [k, v] of Object.entries(query)) target.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(target, { headers: { token, lang: SERVER_LANG[lang], appid: getEnv().APP_ID }, signal: AbortSignal.timeout(30000) });
  } catch (e) {
    console.warn(`[export] ${target.pathname}: ${(e as Error).message}`);
    throw await redirectWithToast(back, { type: "error", message: networkErrorText(lang) });
  }
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    if (body?.code === 401) throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
    if (body?.code === 403) throw forbidden();
    throw await redirectWithToast(back, { type: "error", message: body?.msg || unknownErrorText(lang) });
  }
  const headers = new Headers({ "content-type": type || "application/octet-stream", "cache-control": "no-store" });
  const cd = res.headers.get("content-disposition");
  if (cd) headers.set("content-disposition", cd);
  return new Response(res.body, { status: 200, headers: setSecurityHeaders(headers, request) });
}
