import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { actionOf, stateOf, COMMENT_MAX } from "@contract/actions";
import { actionRoles, rowRefusal, viewOf, type ResourceDefinition } from "@contract/resource";
import type { RoleId } from "@contract/roles";
import { requireCsrf } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";
import { actorOf, rowSchema, withActions } from "./engine.server";
import type { BulkActionData, RecordActionData } from "./types";

/**
 * Record actions on the console (contract/actions.ts): `<page>/<id>/<action>` GET is the confirmation page
 * (question, comment field when declared, CSRF, submit) — the no-JavaScript path; the list's and detail page's
 * dialog (JavaScript) posts the same form. POST performs `POST <endpoint>{id}/<action>/` and redirects to the list
 * with a toast (409/403 become an error toast; a required comment's 422 stays on the page by its field).
 * A verb the definition does not declare is 404; a role the action does not name is 403.
 */
export function recordActionOf(def: ResourceDefinition, splat: string | undefined): { id: number; name: string } | null {
  const m = /^(\d{1,12})\/([a-z][A-Za-z]*)\/?$/.exec(splat ?? "");
  if (!m || !actionOf(def, m[2]!)) return null;
  return { id: Number(m[1]), name: m[2]! };
}

async function guard(request: Request, def: ResourceDefinition, name: string) {
  const { user, page } = await requirePage(request);
  if (page.path !== def.page) throw notFound();
  if (!actionRoles(def, name).includes(user.info.roleId as RoleId)) throw forbidden();
  return { user, page };
}

/**
 * Where an action returns, relative to the page: the list's query (`?page=2&status=…`, from a row) or the record's
 * detail page (`/12` or `/12?back=…`, from the detail page, so the user sees the new state and its history there).
 */
const backOf = (raw: string | null | undefined) => (raw && /^(\?|\/\d{1,12}(\?|$))/.test(raw) && !/[\u0000-\u001f\\]/.test(raw) ? raw : "");

/** The list with an error toast: the record the confirmation page was asked for is not there (any more). */
async function goneToast(request: Request, def: ResourceDefinition) {
  const t = await getT(request, "crud");
  const back = backOf(new URL(request.url).searchParams.get("back"));
  return redirectWithToast(def.page + (back.startsWith("?") ? back : ""), { type: "error", message: t("crud:recordActions.gone") });
}

export async function recordActionLoader({ request }: LoaderFunctionArgs, def: ResourceDefinition, ra: { id: number; name: string }) {
  const { user, page } = await guard(request, def, ra.name);
  const t = await getT(request, ["menu"]);
  const r = await settle(upstream(request).get(`${def.endpoint}${ra.id}/`, { schema: rowSchema(def) }));
  if (!r.ok) {
    // Deleted meanwhile (or never in reach): back to the list, which no longer shows it, with why.
    if (r.code === 404) throw await goneToast(request, def);
    if (r.code === 403) throw forbidden();
    throw json({ reason: "upstream", message: r.error }, { status: 502 });
  }
  const item = withActions(def, r.data as Record<string, unknown>, user);
  const a = actionOf(def, ra.name)!;
  return json<RecordActionData>({
    view: "recordAction",
    def: viewOf(def),
    title: t(page.meta.title, { ns: "menu" }),
    titleKey: page.meta.title,
    back: backOf(new URL(request.url).searchParams.get("back")),
    action: ra.name,
    actionLabel: a.label,
    comment: a.comment ?? null,
    commentMax: COMMENT_MAX,
    allowed: Boolean(item.actions[ra.name]),
    state: stateOf(def, item),
    item: { id: Number(item.id), label: String(item[def.labelField] ?? item.id) },
  });
}

export async function recordActionAction({ request }: ActionFunctionArgs, def: ResourceDefinition, ra: { id: number; name: string }) {
  await guard(request, def, ra.name);
  await requireCsrf(request);
  const form = await request.formData();
  const back = backOf(String(form.get("back") ?? ""));
  const comment = String(form.get("comment") ?? "");
  const r = await settle(upstream(request).envelope("POST", `${def.endpoint}${ra.id}/${ra.name}/`, { form: comment ? { comment } : {} }));
  if (!r.ok) {
    // The record went meanwhile: the API's words (a notice or push draft: "Save the draft first"), on the list.
    if (r.code === 404) return redirectWithToast(def.page + back, { type: "error", message: r.error });
    // Field errors (a required comment; push: "select recipients", "enter content") stay on the confirmation page.
    if (r.fieldErrors && Object.keys(r.fieldErrors).length)
      return json({ actionError: Object.values(r.fieldErrors).flat().join("；"), fieldErrors: r.fieldErrors }, { status: 400 });
    return redirectWithToast(def.page + back, { type: "error", message: r.error });
  }
  return redirectWithToast(def.page + back, { type: "success", message: r.data.msg ?? "" });
}

// ------------------------------------------------------------------------------------------
// Bulk: `<page>/<action>?ids=1,2` (GET: the confirmation page; POST: `POST <endpoint>bulk_<action>/`, all or nothing)
// ------------------------------------------------------------------------------------------

/** `<action>` of a definition's action declared with `where: [..., "bulk"]`, or null. */
export function bulkActionOf(def: ResourceDefinition, splat: string | undefined): { name: string } | null {
  const m = /^([a-z][A-Za-z]*)\/?$/.exec(splat ?? "");
  return m && actionOf(def, m[1]!)?.where.includes("bulk") ? { name: m[1]! } : null;
}

function idsOf(params: URLSearchParams | FormData): number[] {
  const out = new Set<number>();
  for (const v of params.getAll("ids")) for (const part of String(v).split(",")) if (/^\d{1,12}$/.test(part.trim())) out.add(Number(part.trim()));
  return [...out].slice(0, 200);
}

/**
 * The selected rows, each as the user may see it: rows she may not act on at all (role, row rule) are left out
 * (and so not posted); rows in another state are listed with their state: the API refuses the whole request (409).
 */
export async function bulkActionLoader({ request }: LoaderFunctionArgs, def: ResourceDefinition, ba: { name: string }) {
  const { user, page } = await guard(request, def, ba.name);
  const t = await getT(request, ["menu"]);
  const url = new URL(request.url);
  const api = upstream(request);
  const found = await Promise.all(idsOf(url.searchParams).map((id) => settle(api.get(`${def.endpoint}${id}/`, { schema: rowSchema(def) }))));
  const actor = actorOf(user);
  const items = found
    .flatMap((r) => (r.ok ? [withActions(def, r.data as Record<string, unknown>, user)] : []))
    .filter((i) => i.actions[ba.name] || rowRefusal(def, ba.name, i, actor)?.state)
    .map((i) => ({ id: Number(i.id), label: String(i[def.labelField] ?? i.id), state: stateOf(def, i), allowed: Boolean(i.actions[ba.name]) }));
  const a = actionOf(def, ba.name)!;
  return json<BulkActionData>({
    view: "bulkAction",
    def: viewOf(def),
    title: t(page.meta.title, { ns: "menu" }),
    titleKey: page.meta.title,
    back: backOf(url.searchParams.get("back")),
    action: ba.name,
    actionLabel: a.label,
    comment: a.comment ?? null,
    items,
  });
}

/** Performs the action on the posted `ids` through the API; every refusal (403, 404, 409) is an error toast on the list. */
export async function bulkActionAction({ request }: ActionFunctionArgs, def: ResourceDefinition, ba: { name: string }) {
  await guard(request, def, ba.name);
  await requireCsrf(request);
  const form = await request.formData();
  const back = backOf(String(form.get("back") ?? ""));
  const ids = idsOf(form);
  if (!ids.length) {
    const t = await getT(request, "crud");
    return redirectWithToast(def.page + back, { type: "error", message: t("crud:recordActions.noneSelected") });
  }
  const comment = String(form.get("comment") ?? "");
  const r = await settle(
    upstream(request).envelope("POST", `${def.endpoint}bulk_${ba.name}/`, { form: { ids: ids.join(","), ...(comment ? { comment } : {}) } }),
  );
  if (!r.ok) {
    // A required comment left empty: back to the confirmation page of the same selection, with the message.
    const field = Object.values(r.fieldErrors ?? {}).flat()[0];
    if (field && r.fieldErrors?.comment) {
      const q = new URLSearchParams({ ids: ids.join(","), ...(back ? { back } : {}) });
      return redirectWithToast(`${def.page}/${ba.name}?${q}`, { type: "error", message: field });
    }
    return redirectWithToast(def.page + back, { type: "error", message: field ?? r.error });
  }
  return redirectWithToast(def.page + back, { type: "success", message: r.data.msg ?? "" });
}
