import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { allFormFields, can, formSchemaFor, viewOf, visibleFor, type FormField, type ResourceDefinition } from "@contract/resource";
import type { PageRoute } from "@contract/route-tree";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound } from "~/utils/permissions.server";
import type { SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formErrorsOf, settle, upstream } from "~/utils/upstream.server";
import type { FormActionData, SubData } from "./types";
import { constraintOf } from "./view.server";

/**
 * One settings object edited in place (no list, no create): the generic resource form
 * (ResourceFormPage) fed by a custom loader and saved by a PUT to an endpoint of the API's choosing.
 * Used by /kindergarten/punch_setting (the current kindergarten's setting) and
 * /kindergarten/optionalFunction/<id>/edit. Callers run inside pageLoader/pageAction (requirePage);
 * these add the definition's `can` rule (view to read, change to save) and CSRF is pageAction's.
 */
type EditData = Extract<SubData, { view: "create" | "edit" }>;

const fieldsFor = (def: ResourceDefinition, user: SessionUser): FormField[] =>
  allFormFields(def).filter((f) => visibleFor(f.roles, user.info.roleId) && !f.createOnly);

/** Item → form defaults as conform wants them (booleans "on", arrays joined one per line). */
export function editDefaults(def: ResourceDefinition, item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of allFormFields(def)) {
    const v = item[f.name];
    if (v == null) continue;
    if (Array.isArray(v)) out[f.name] = f.kind === "multiselect" ? v.map(String) : v.map(String).join("\n");
    else if (typeof v === "boolean") out[f.name] = v ? "on" : "";
    else out[f.name] = String(v);
  }
  return out;
}

export async function editFormData(
  request: Request,
  def: ResourceDefinition,
  page: PageRoute,
  user: SessionUser,
  o: { id: number; item: Record<string, unknown>; back?: string },
): Promise<EditData> {
  if (!can(def, "view", user.info.roleId)) throw forbidden();
  const t = await getT(request, ["menu", "resources", "crud", "kgmgmt"]);
  const fields = fieldsFor(def, user);
  return {
    view: "edit",
    def: viewOf(def),
    title: t(page.meta.title, { ns: "menu" }),
    titleKey: page.meta.title,
    one: t(def.one),
    roleId: user.info.roleId,
    perms: { create: false, change: can(def, "change", user.info.roleId), delete: false, view: false },
    back: o.back ?? "",
    id: o.id,
    item: o.item,
    defaults: editDefaults(def, o.item),
    options: {},
    fieldNames: fields.map((f) => f.name),
    constraint: constraintOf(def, "change"),
  };
}

/** Validates with the definition's schema (400 + field errors, nothing sent), PUTs the form, redirects with the API's toast. */
export async function editFormAction(request: Request, def: ResourceDefinition, user: SessionUser, o: { path: string; redirectTo: string }) {
  if (!can(def, "change", user.info.roleId)) throw forbidden();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: formSchemaFor(def, "change") });
  if (submission.status !== "success") return json<FormActionData>({ result: submission.reply() }, { status: 400 });
  const fields = fieldsFor(def, user);
  // The form as the user typed it (the API parses it with the same schema): booleans "on" or omitted.
  const form: Record<string, string> = {};
  for (const f of fields) {
    const raw = formData.get(f.name);
    if (typeof raw === "string" && raw !== "") form[f.name] = raw;
  }
  const r = await settle(upstream(request).envelope("PUT", o.path, { form }));
  if (!r.ok) {
    if (r.code === 404) throw notFound();
    if (r.code === 403) throw forbidden();
    return json<FormActionData>(
      {
        result: submission.reply(
          formErrorsOf(
            r,
            fields.map((f) => f.name),
          ),
        ),
      },
      { status: 400 },
    );
  }
  return redirectWithToast(o.redirectTo, { type: "success", message: r.data.msg ?? "" });
}
