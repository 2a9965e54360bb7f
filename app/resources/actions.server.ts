import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { actionOf, stateOf, COMMENT_MAX } from "@contract/actions";
import { actionRoles, type ResourceDefinition } from "@contract/resource";
import type { RoleId } from "@contract/roles";
import { requireCsrf } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";
import { rowSchema, withActions } from "./engine.server";
import type { RecordActionData } from "./types";

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

const backOf = (raw: string | null | undefined) => (raw && raw.startsWith("?") && !/[\u0000-\u001f\\]/.test(raw) ? raw : "");

export async function recordActionLoader({ request }: LoaderFunctionArgs, def: ResourceDefinition, ra: { id: number; name: string }) {
  const { user, page } = await guard(request, def, ra.name);
  const t = await getT(request, ["menu"]);
  const r = await settle(upstream(request).get(`${def.endpoint}${ra.id}/`, { schema: rowSchema(def) }));
  if (!r.ok) {
    if (r.code === 404) throw notFound();
    if (r.code === 403) throw forbidden();
    throw json({ reason: "upstream", message: r.error }, { status: 502 });
  }
  const item = withActions(def, r.data as Record<string, unknown>, user);
  const a = actionOf(def, ra.name)!;
  return json<RecordActionData>({
    view: "recordAction",
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
    if (r.code === 404) throw notFound();
    // Field errors (a required comment; push: "select recipients", "enter content") stay on the confirmation page.
    if (r.fieldErrors && Object.keys(r.fieldErrors).length)
      return json({ actionError: Object.values(r.fieldErrors).flat().join("；"), fieldErrors: r.fieldErrors }, { status: 400 });
    return redirectWithToast(def.page + back, { type: "error", message: r.error });
  }
  return redirectWithToast(def.page + back, { type: "success", message: r.data.msg ?? "" });
}
