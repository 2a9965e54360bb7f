import { parseWithZod } from "@conform-to/zod/v4";
import { bulkActionAction, bulkActionLoader, bulkActionOf, recordActionAction, recordActionLoader, recordActionOf } from "./actions.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { pageSchema } from "@contract/api";
import { oncePer } from "@contract/once-per";
import {
  allFormFields,
  allowedOptions,
  can,
  formSchemaFor,
  listParamNames,
  rowActionsFor,
  TODAY,
  viewOf,
  listViewOf,
  visibleFor,
  type Action,
  type Actor,
  type FormField,
  type OptionSource,
  type ResourceDefinition,
} from "@contract/resource";
import type { PageRoute } from "@contract/route-tree";
import { ROLE_REACH, isRoleId } from "@contract/roles";
import { aesEncrypt } from "@contract/crypto";
import { todayCn } from "@contract/daily/time";
import { requireCsrf } from "~/utils/csrf.server";
import { getEnv } from "~/utils/env.server";
import { namespaces } from "~/i18n";
import { getT } from "~/utils/i18n.server";
import { loaderData } from "~/utils/loader-data.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { setSecurityHeaders } from "~/utils/security-headers.server";
import type { SessionUser } from "~/utils/session.server";
import { createToastHeaders, redirectWithToast } from "~/utils/toast.server";
import { classifyUpstreamFailure, failureToast, formErrorsOf, settle, toastUnlessFieldErrors, upstream, UpstreamError } from "~/utils/upstream.server";
import { fileFieldsOf, imagesFieldsOf, isMultipart, readUploadForm } from "~/utils/upload.server";
import type { FormActionData, Item, ListData, Option, Perms, SubData } from "./types";
import { constraintOf } from "./view.server";

/**
 * The console side of the resource machinery: generic loaders and actions for a definition
 * (contract/resource.ts). Every loader and action runs requirePage (the route tree: login, page,
 * roles, flags) and then the definition's `can` rule for the action; actions check CSRF.
 * Route modules use the browser-safe wrappers of ./route.ts.
 */

const optionList = z.object({ list: z.array(z.object({ value: z.union([z.number(), z.string()]), label: z.string() })) });

const permsOf = (def: ResourceDefinition, user: SessionUser): Perms => ({
  create: can(def, "create", user.info.roleId),
  change: can(def, "change", user.info.roleId),
  delete: can(def, "delete", user.info.roleId),
  view: Boolean(def.detail) && can(def, "view", user.info.roleId),
});

/** The session user as the row rules of contract/resource.ts see her (one place: the lists, details and bulk pages). */
export const actorOf = (user: SessionUser): Actor => ({
  userId: user.info.userId,
  roleId: user.info.roleId,
  reach: isRoleId(user.info.roleId) ? ROLE_REACH[user.info.roleId] : undefined,
  kindergartenId: user.info.kindergartenId,
  educationGroupId: user.info.educationGroupId,
});

/**
 * The item schema plus `actions`, the per-row permissions the API reports (api/resources/engine.ts). Made once per
 * definition: zod compiles a schema's fast path on its first parse, which a schema made per request pays every time.
 */
export const rowSchema = oncePer((def: ResourceDefinition) =>
  def.item.extend({
    actions: z.record(z.string(), z.boolean()).optional(),
    // Record actions' transitions (api/resources/engine/actions.ts historyOf), on item replies.
    history: z
      .array(
        z.object({
          action: z.string(),
          from: z.string().nullable(),
          to: z.string().nullable(),
          by: z.number().nullable(),
          byName: z.string().nullable(),
          at: z.string(),
          comment: z.string().nullable(),
        }),
      )
      .optional(),
  }),
);

/**
 * What the user may do with a row: as the API reports it; from the same contract rule (rowActionsFor) when an
 * upstream does not report it. The list, the detail page and every sub-page offer only these.
 */
export function withActions<T extends Record<string, unknown>>(def: ResourceDefinition, item: T, user: SessionUser): T & { actions: Record<string, boolean> } {
  const reported = item.actions as Record<string, boolean> | undefined;
  return { ...item, actions: reported ?? rowActionsFor(def, item, actorOf(user)) };
}

/** 403 unless the row allows `verb` (a hand-typed URL meets the same rule as the list's links). */
export function requireRowAction(item: { actions: Record<string, boolean> }, verb: string) {
  if (!item.actions[verb]) throw forbidden();
}

async function guard(request: Request, def: ResourceDefinition, action: Action) {
  const { user, page } = await requirePage(request);
  // The definition's own page, or its hidden detail page for the detail view only.
  if (page.path !== def.page && !(action === "view" && page.path === def.detailPage)) throw notFound();
  if (!can(def, action, user.info.roleId)) throw forbidden();
  return { user, page };
}

async function titles(request: Request, def: ResourceDefinition, page: PageRoute) {
  const t = await getT(request, ["menu", "resources", "crud"]);
  return { title: t(page.meta.title, { ns: "menu" }), titleKey: page.meta.title, one: t(def.one) };
}

/** `?back=` of sub-pages: the list's own query string (only "?…" is honoured). */
/** The definition's create-form defaults, `TODAY` as today's date. */
const createDefaultsOf = (def: ResourceDefinition): Record<string, string> =>
  Object.fromEntries(Object.entries(def.createDefaults ?? {}).map(([k, v]) => [k, v === TODAY ? todayCn() : v]));

function backOf(url: URL | string | null | undefined): string {
  const raw = typeof url === "string" || url == null ? url : url.searchParams.get("back");
  return raw && raw.startsWith("?") && !/[\u0000-\u001f\\]/.test(raw) ? raw : "";
}
const listUrl = (def: ResourceDefinition, back: string) => def.page + back;

/** Loads the options of selects (lookups through the API; static ones are translated by the component). */
async function loadOptions(
  request: Request,
  sources: { name: string; options?: OptionSource; roles?: readonly number[] }[],
  user: SessionUser,
  values: Record<string, unknown> = {},
): Promise<Record<string, Option[]>> {
  const out: Record<string, Option[]> = {};
  const api = upstream(request);
  const narrowed = sources.filter((s) => s.options && "static" in s.options && s.options.allowed);
  if (narrowed.length) {
    // Static choices that depend on the user (the roles she may grant): computed here, translated, as loaded options.
    const t = await getT(request, [...namespaces] as string[]);
    for (const s of narrowed)
      out[s.name] = allowedOptions(s.options as Extract<OptionSource, { static: unknown }>, actorOf(user)).map((o) => ({
        value: String(o.value),
        label: t(o.label),
      }));
  }
  await Promise.all(
    sources.map(async (s) => {
      if (!s.options || !("lookup" in s.options) || !visibleFor(s.roles as never, user.info.roleId)) return;
      const query: Record<string, string> = { ...(s.options.query ?? {}) };
      const dep = s.options.dependsOn;
      if (dep) {
        const v = values[dep.field];
        if (v != null && v !== "") query[dep.param] = String(v);
      }
      const r = await settle(api.get(`lookups/${s.options.lookup}/`, { query, schema: optionList }));
      out[s.name] = r.ok ? r.data.list.map((o) => ({ value: String(o.value), label: o.label })) : [];
    }),
  );
  return out;
}

/** The list query of the URL, reduced to what the definition accepts. */
function listQuery(def: ResourceDefinition, url: URL): Record<string, string> {
  const q: Record<string, string> = {};
  for (const name of listParamNames(def)) {
    const v = url.searchParams.get(name);
    if (v != null && v.trim() !== "") q[name] = v.trim();
  }
  return q;
}

// ------------------------------------------------------------------------------------------
// List
// ------------------------------------------------------------------------------------------
export async function listLoader({ request }: LoaderFunctionArgs, def: ResourceDefinition) {
  const { user, page } = await guard(request, def, "list");
  const url = new URL(request.url);
  const query = listQuery(def, url);
  const [result, options, head] = await Promise.all([
    settle(upstream(request).get(def.endpoint, { query: { pageSize: def.pageSizes?.[0] ?? 10, ...query }, schema: pageSchema(rowSchema(def)) })),
    loadOptions(
      request,
      (def.filters ?? []).map((f) => ({ name: f.field, options: f.options, roles: f.roles })),
      user,
    ),
    titles(request, def, page),
  ]);
  const data: ListData = {
    view: "list",
    ...head,
    def: listViewOf(def),
    back: "",
    roleId: user.info.roleId,
    perms: permsOf(def, user),
    query,
    page: result.ok
      ? { ...(result.data as ListData["page"]), list: (result.data.list as Item[]).map((i) => withActions(def, i, user)) }
      : { list: [], total: 0, currentPage: 1, pageSize: Number(query.pageSize ?? 10) },
    // Section 8: a failed load is an error toast (Toaster), not a message in the page.
    error: null,
    options,
  };
  return loaderData({ ...data, toast: result.ok ? null : failureToast(result) });
}

// ------------------------------------------------------------------------------------------
// Sub-pages: new, <id>, <id>/edit, <id>/delete, delete (bulk), import
// ------------------------------------------------------------------------------------------
type Sub =
  | { view: "create" }
  | { view: "detail"; id: number }
  | { view: "edit"; id: number }
  | { view: "delete"; id: number }
  | { view: "bulkDelete" }
  | { view: "import" };

function subOf(splat: string | undefined): Sub | null {
  const s = (splat ?? "").replace(/\/+$/, "");
  if (s === "new") return { view: "create" };
  if (s === "delete") return { view: "bulkDelete" };
  if (s === "import") return { view: "import" };
  const m = /^(\d{1,12})(?:\/(edit|delete))?$/.exec(s);
  if (!m) return null;
  const id = Number(m[1]);
  return m[2] === "edit" ? { view: "edit", id } : m[2] === "delete" ? { view: "delete", id } : { view: "detail", id };
}

const ACTION_OF: Record<Sub["view"], Action> = {
  create: "create",
  detail: "view",
  edit: "change",
  delete: "delete",
  bulkDelete: "delete",
  import: "create",
};

const itemPath = (def: ResourceDefinition, id: number) => `${def.endpoint}${id}/`;

/** One item through the API; a 404 (or a row outside the scope) becomes the not-found page. */
async function loadItem(request: Request, def: ResourceDefinition, id: number, user: SessionUser) {
  const r = await settle(upstream(request).get(itemPath(def, id), { schema: rowSchema(def) }));
  if (!r.ok) {
    if (r.code === 404) throw notFound();
    if (r.code === 403) throw forbidden();
    throw json({ reason: "upstream", message: r.error }, { status: r.code && r.code >= 400 && r.code < 600 ? r.code : 502 });
  }
  return withActions(def, r.data as Record<string, unknown>, user);
}

/** Item → form default values (strings, as conform wants them). */
function formDefaults(def: ResourceDefinition, item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of allFormFields(def)) {
    const v = item[f.name];
    if (v == null) continue;
    if (Array.isArray(v)) out[f.name] = v.map(String);
    else if (typeof v === "boolean") out[f.name] = v ? "on" : "";
    else out[f.name] = String(v);
  }
  return out;
}

const formFieldsFor = (def: ResourceDefinition, mode: "create" | "change", user: SessionUser): FormField[] =>
  allFormFields(def).filter((f) => visibleFor(f.roles, user.info.roleId) && !(mode === "change" && f.createOnly));

export async function subLoader(args: LoaderFunctionArgs, def: ResourceDefinition) {
  const { request, params } = args;
  const ra = recordActionOf(def, params["*"]);
  if (ra) return recordActionLoader(args, def, ra);
  const ba = bulkActionOf(def, params["*"]);
  if (ba) return bulkActionLoader(args, def, ba);
  const sub = subOf(params["*"]);
  if (!sub) {
    await requirePage(request); // logged out → login first
    throw notFound();
  }
  if (sub.view === "detail" && !def.detail) throw notFound();
  if (sub.view === "import" && !def.importColumns?.length) throw notFound();
  const { user, page } = await guard(request, def, ACTION_OF[sub.view]);
  const url = new URL(request.url);
  const head = await titles(request, def, page);
  const base = { ...head, def: viewOf(def), roleId: user.info.roleId, perms: permsOf(def, user), back: backOf(url) };

  if (sub.view === "create" || sub.view === "edit") {
    const mode = sub.view === "create" ? "create" : "change";
    const item = sub.view === "edit" ? await loadItem(request, def, sub.id, user) : null;
    if (item) requireRowAction(item, "change");
    const defaults = item
      ? formDefaults(def, item)
      : { ...createDefaultsOf(def), ...Object.fromEntries([...url.searchParams].filter(([k]) => allFormFields(def).some((f) => f.name === k))) };
    const fields = formFieldsFor(def, mode, user);
    // Options that depend on another field (teachers of the chosen kindergarten) follow `?<field>=` too:
    // the form reloads them with a fetcher when that field changes.
    const dependsOn = Object.fromEntries([...url.searchParams].filter(([k]) => allFormFields(def).some((f) => f.name === k)));
    const options = await loadOptions(
      request,
      fields.map((f) => ({ name: f.name, options: f.options, roles: f.roles })),
      user,
      { ...defaults, ...dependsOn },
    );
    const fieldNames = fields.map((f) => f.name);
    return json<SubData>({
      ...base,
      view: sub.view,
      id: item ? Number(item.id) : null,
      item,
      defaults,
      options,
      fieldNames,
      constraint: constraintOf(def, mode),
    });
  }
  if (sub.view === "detail" || sub.view === "delete") {
    // Endpoints without `GET {id}/` (section 7 bindings): the confirmation names the row by its id.
    const item =
      sub.view === "delete" && def.itemEndpoint === false
        ? { id: sub.id, [def.labelField]: (url.searchParams.get("label") ?? "").slice(0, 100) || String(sub.id) }
        : await loadItem(request, def, sub.id, user);
    if (sub.view === "delete" && "actions" in item) requireRowAction(item as { actions: Record<string, boolean> }, "delete");
    return json<SubData>({ ...base, view: sub.view, id: sub.id, item });
  }
  if (sub.view === "bulkDelete") {
    const ids = idsOf(url.searchParams);
    // Only rows the user may delete are listed (and so posted).
    const items = (await Promise.all(ids.slice(0, 200).map((id) => settle(upstream(request).get(itemPath(def, id), { schema: rowSchema(def) })))))
      .flatMap((r) => (r.ok ? [withActions(def, r.data as Record<string, unknown>, user)] : []))
      .filter((i) => i.actions.delete);
    return json<SubData>({ ...base, view: "bulkDelete", items });
  }
  const options = await loadOptions(
    request,
    formFieldsFor(def, "create", user)
      .filter((f) => f.name === "kindergartenId")
      .map((f) => ({ name: f.name, options: f.options, roles: f.roles })),
    user,
  );
  return json<SubData>({ ...base, view: "import", options, report: null });
}

function idsOf(params: URLSearchParams | FormData): number[] {
  const out = new Set<number>();
  for (const v of params.getAll("ids")) for (const part of String(v).split(",")) if (/^\d+$/.test(part.trim())) out.add(Number(part.trim()));
  return [...out];
}

/** A parsed form → the API's form fields (arrays repeated, booleans "on"/omitted, empty omitted;
 *  password fields AES-encrypted as at login, section 9). */
function upstreamForm(def: ResourceDefinition, value: Record<string, unknown>, fields: FormField[]) {
  const out: Record<string, string | string[]> = {};
  for (const f of fields) {
    const v = value[f.name];
    if (v == null || v === "") continue;
    if (f.kind === "password") out[f.name] = aesEncrypt(String(v), { key: getEnv().AES_KEY, iv: getEnv().AES_IV });
    else if (Array.isArray(v)) out[f.name] = v.map(String);
    else if (typeof v === "boolean") {
      if (v) out[f.name] = "on";
    } else out[f.name] = String(v);
  }
  void def;
  return out;
}

export async function subAction(args: ActionFunctionArgs, def: ResourceDefinition) {
  const { request, params } = args;
  const ra = recordActionOf(def, params["*"]);
  if (ra) return recordActionAction(args, def, ra);
  const ba = bulkActionOf(def, params["*"]);
  if (ba) return bulkActionAction(args, def, ba);
  const sub = subOf(params["*"]);
  if (!sub || sub.view === "detail") {
    await requirePage(request);
    throw notFound();
  }
  const { user } = await guard(request, def, ACTION_OF[sub.view]);
  // A form with file fields posts multipart: read as a stream (files go straight to the API), CSRF checked on the way.
  const streamed = (sub.view === "create" || sub.view === "edit") && isMultipart(request);
  if (!streamed) await requireCsrf(request);
  const api = upstream(request);

  if (sub.view === "import") return importAction(request, def);
  const { formData, uploadErrors } = streamed
    ? await readUploadForm(request, fileFieldsOf(def), imagesFieldsOf(def))
    : { formData: await request.formData(), uploadErrors: {} };
  const back = backOf(String(formData.get("back") ?? ""));

  if (sub.view === "create" || sub.view === "edit") {
    const mode = sub.view === "create" ? "create" : "change";
    const schema = formSchemaFor(def, mode);
    const submission = parseWithZod(formData, { schema });
    const hideFields = allFormFields(def)
      .filter((f) => f.kind === "password")
      .map((f) => f.name);
    const refusedFiles = Object.keys(uploadErrors).length ? { fieldErrors: uploadErrors as Record<string, string[]> } : {};
    if (submission.status !== "success" || Object.keys(refusedFiles).length)
      return json<FormActionData>({ result: submission.reply({ ...refusedFiles, hideFields }) }, { status: 400 });
    const fields = formFieldsFor(def, mode, user);
    const form = upstreamForm(def, submission.value as Record<string, unknown>, fields);
    const r = await settle(
      mode === "create" ? api.envelope("POST", def.endpoint, { form }) : api.envelope("PUT", itemPath(def, (sub as { id: number }).id), { form }),
    );
    if (!r.ok) {
      if (r.code === 404) throw notFound();
      if (r.code === 403) throw forbidden();
      await toastUnlessFieldErrors(
        request,
        r,
        fields.map((f) => f.name),
      );
      const errors = formErrorsOf(
        r,
        fields.map((f) => f.name),
      );
      return json<FormActionData>({ result: submission.reply({ ...errors, hideFields }) }, { status: 400 });
    }
    return redirectWithToast(listUrl(def, back), { type: "success", message: r.data.msg ?? "" });
  }

  if (sub.view === "delete") {
    const r = await settle(api.envelope("DELETE", itemPath(def, sub.id)));
    if (!r.ok) {
      if (r.code === 404) throw notFound();
      if (r.code === 403) throw forbidden();
      return redirectWithToast(listUrl(def, back), { type: "error", message: r.error });
    }
    return redirectWithToast(listUrl(def, back), { type: "success", message: r.data.msg ?? "" });
  }

  // bulk delete
  const ids = idsOf(formData);
  if (!ids.length) {
    const t = await getT(request, "crud");
    return redirectWithToast(listUrl(def, back), { type: "error", message: t("crud:delete.noneSelected") });
  }
  const r = await settle(api.envelope("POST", `${def.endpoint}bulk_delete/`, { form: { ids: ids.join(",") } }));
  if (!r.ok) {
    if (r.code === 403) throw forbidden();
    return redirectWithToast(listUrl(def, back), { type: "error", message: r.error });
  }
  return redirectWithToast(listUrl(def, back), { type: "success", message: r.data.msg ?? "" });
}

// ------------------------------------------------------------------------------------------
// Files: export (and the import template) streamed from the API; import (multipart) passed on.
// ------------------------------------------------------------------------------------------

export async function exportLoader({ request }: LoaderFunctionArgs, def: ResourceDefinition) {
  const url = new URL(request.url);
  const template = url.searchParams.get("template");
  await guard(request, def, template ? "create" : "list");
  if (template && !def.importColumns?.length) throw notFound();
  const format = (template ?? url.searchParams.get("format")) === "csv" ? "csv" : "xlsx";
  const query: Record<string, string> = {};
  if (!template) for (const [k, v] of Object.entries(listQuery(def, url))) if (k !== "currentPage" && k !== "pageSize") query[k] = v;
  query.format = format;
  // Through the one upstream client: its 401 (login), timeout and section 8 texts; the file streamed back.
  let file: Awaited<ReturnType<ReturnType<typeof upstream>["download"]>>;
  try {
    file = await upstream(request).download(`${def.endpoint}${template ? "import_template/" : "export/"}`, { query });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.code === 403) throw forbidden();
    throw await redirectWithToast(def.page + listSearch(url), { type: "error", message: classifyUpstreamFailure(e).text });
  }
  const headers = new Headers({ "content-type": file.contentType, "cache-control": "no-store" });
  if (file.disposition) headers.set("content-disposition", file.disposition);
  return new Response(file.body, { status: 200, headers: setSecurityHeaders(headers, request) });
}

const listSearch = (url: URL) => {
  const s = new URLSearchParams(url.search);
  s.delete("format");
  s.delete("template");
  const q = s.toString();
  return q ? `?${q}` : "";
};

async function importAction(request: Request, def: ResourceDefinition) {
  await requirePage(request);
  const formData = await request.formData();
  const back = backOf(String(formData.get("back") ?? ""));
  const file = formData.get("file");
  const t = await getT(request, "crud");
  const fail = (message: string, rows: { row: number; errors: Record<string, string[]> }[] = [], lines: string[] = []) =>
    json({ report: { message, rows, lines } }, { status: 400 });
  if (!(file instanceof File) || file.size === 0) return fail(t("crud:import.badFile"));
  const kg = formData.get("kindergartenId");
  try {
    // Through the one upstream client (401, timeout, section 8), the file streamed as multipart.
    const r = await upstream(request).upload(`${def.endpoint}import/`, {
      fields: typeof kg === "string" && kg ? { kindergartenId: kg } : {},
      file: { name: "file", filename: file.name, contentType: file.type, body: file.stream() as unknown as AsyncIterable<Uint8Array> },
    });
    return redirectWithToast(listUrl(def, back), { type: "success", message: r.msg ?? "" });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.code === 403) throw forbidden();
    const data = e.data as { errors?: { file?: string[] }; rows?: { row: number; errors: Record<string, string[]> }[] } | null | undefined;
    const text = classifyUpstreamFailure(e).text;
    return fail(text || t("crud:import.badFile"), data?.rows ?? [], data?.errors?.file ?? []);
  }
}

export { UpstreamError, createToastHeaders };
