import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { can } from "@contract/resource";
import { aesEncrypt } from "@contract/crypto";
import { passwordProblems } from "@contract/password-policy";
import { pushNotifications } from "@contract/resources/push-notifications";
import { users } from "@contract/resources/users";
import type { ResourceDefinition } from "@contract/resource";
import { requireCsrf } from "~/utils/csrf.server";
import { getEnv } from "~/utils/env.server";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";
import { requireRowAction, rowSchema, withActions } from "~/resources/engine.server";
import type { SessionUser } from "~/utils/session.server";

/**
 * The user-management pages beyond the generic resource pages (app/resources; enable/disable, one row or in bulk,
 * are the definition's record actions there): the administrator's password reset (shown once when generated),
 * and the unsaved push form's "send". Every loader and action runs requirePage (route tree) and the definition's
 * `change` rule; actions check CSRF. Sub-paths: /user/userAdministration/<id>/password; /user/push/send
 * (the "save a draft first" refusal).
 */
export type UserCustom = { kind: "password"; id: number };
export type PushCustom = { kind: "send"; id: null };

export function userCustomOf(splat: string | undefined): UserCustom | null {
  const m = /^(\d{1,12})\/password$/.exec((splat ?? "").replace(/\/+$/, ""));
  return m ? { kind: "password", id: Number(m[1]) } : null;
}
export function pushCustomOf(splat: string | undefined): PushCustom | null {
  const s = (splat ?? "").replace(/\/+$/, "");
  // `<id>/send` is the definition's record action (app/resources/actions.server.ts); only the unsaved form's
  // "send" ("save a draft first") is answered here.
  return s === "send" ? { kind: "send", id: null } : null;
}

async function guard(request: Request, def: ResourceDefinition) {
  const { user, page } = await requirePage(request);
  if (page.path !== def.page) throw notFound();
  if (!can(def, "change", user.info.roleId)) throw forbidden();
  const t = await getT(request, ["menu", "usermgmt", "crud", "validation"]);
  return { user, page, t, title: t(page.meta.title, { ns: "menu" }), titleKey: page.meta.title };
}

const backOf = (raw: string | null | undefined) => (raw && raw.startsWith("?") && !/[\u0000-\u001f\\]/.test(raw) ? raw : "");

/** One user with what the caller may do with her (`actions`, the API's row rule). */
async function loadUser(request: Request, id: number, user: SessionUser) {
  const r = await settle(upstream(request).get(`${users.endpoint}${id}/`, { schema: rowSchema(users) }));
  if (!r.ok) {
    if (r.code === 404) throw notFound();
    if (r.code === 403) throw forbidden();
    throw json({ reason: "upstream", message: r.error }, { status: 502 });
  }
  return withActions(users, r.data as z.infer<typeof users.item>, user);
}

export interface PasswordData {
  view: "password";
  title: string;
  titleKey: string;
  back: string;
  /** The list page (`users.page`): the browser does not load the definition. */
  page: string;
  item: { id: number; realName: string; phone: string };
}

export async function userCustomLoader({ request }: LoaderFunctionArgs, custom: UserCustom) {
  const { user, title, titleKey } = await guard(request, users);
  const url = new URL(request.url);
  const back = backOf(url.searchParams.get("back"));
  const u = await loadUser(request, custom.id, user);
  requireRowAction(u, "resetPassword");
  return json<PasswordData>({ view: "password", title, titleKey, back, page: users.page, item: { id: u.id, realName: u.realName, phone: u.phone } });
}

export async function userCustomAction({ request }: ActionFunctionArgs, custom: UserCustom) {
  const { t } = await guard(request, users);
  await requireCsrf(request);
  const form = await request.formData();
  const back = backOf(String(form.get("back") ?? ""));
  const list = users.page + back;
  const api = upstream(request);

  // Password reset: a given password must meet the policy (checked here and by the API); empty = generated.
  const password = String(form.get("password") ?? "");
  if (password) {
    const problems = passwordProblems(password);
    if (problems.length) return json({ errors: problems.map((p) => t(`validation:${p}`)), generated: null }, { status: 400 });
  }
  const body = password ? { password: aesEncrypt(password, { key: getEnv().AES_KEY, iv: getEnv().AES_IV }) } : {};
  const r = await settle(
    api.envelope("POST", `${users.endpoint}${custom.id}/password/`, { form: body, schema: z.object({ id: z.number(), password: z.string().nullable() }) }),
  );
  if (!r.ok) {
    if (r.code === 404) throw notFound();
    if (r.code === 403) return json({ errors: [r.error], generated: null }, { status: 403 });
    return json(
      {
        errors: Object.values(r.fieldErrors ?? {})
          .flat()
          .concat(r.fieldErrors ? [] : [r.error]),
        generated: null,
      },
      { status: 400 },
    );
  }
  if (r.data.data.password) return json({ errors: [], generated: r.data.data.password, message: r.data.msg ?? "" });
  return redirectWithToast(list, { type: "success", message: r.data.msg ?? "" });
}

/** "Send" pressed on the unsaved new form: nothing is written, the answer is "save a draft first". */
export async function pushCustomAction({ request }: ActionFunctionArgs, _custom: PushCustom) {
  const { t } = await guard(request, pushNotifications);
  await requireCsrf(request);
  return json({ sendError: t("usermgmt:pushNotifications.errors.saveDraftFirst") }, { status: 400 });
}
