import { json, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { optionalFunctionItem, optionalFunctions } from "@contract/resources/optional-functions";
import { punchRecords } from "@contract/resources/punch-records";
import { punchSettingItem, punchSettings } from "@contract/resources/punch-settings";
import { editFormAction, editFormData } from "~/resources/edit-form.server";
import { readLoaderReply } from "~/utils/loader-data.server";
import { listLoader } from "~/resources/engine.server";
import { groupFilter } from "~/resources/group-filter.server";
import { forbidden, notFound } from "~/utils/permissions.server";
import { pageAction, pageLoader } from "~/utils/page";
import { settle, upstream } from "~/utils/upstream.server";

/**
 * Loaders and actions of the kindergarten section's custom pages (punch records, the punch-in setting, the optional
 * functions): here, so that the pages' browser bundles hold neither the definitions nor zod.
 */

/**
 * /kindergarten/punch: the list, with the setting's times read at the same time (one round trip less); when the
 * list's guard refuses (login, 403), that refusal is the answer and the setting is not used.
 */
export async function punchLoader(args: LoaderFunctionArgs) {
  const [res, s] = await Promise.all([
    listLoader(args, punchRecords),
    settle(upstream(args.request).get(punchSettings.endpoint, { schema: punchSettingItem })),
  ]);
  const list = await readLoaderReply(res);
  const setting = s.ok && s.data.id ? { workStart: s.data.workStart, workEnd: s.data.workEnd } : null;
  return json({ ...list.value, setting }, { headers: list.headers });
}

/** /kindergarten/punch_setting: the current kindergarten's setting, edited in place. */
export const punchSettingLoader = pageLoader(async ({ request, user, page }) => {
  const r = await settle(upstream(request).get(punchSettings.endpoint, { schema: punchSettingItem }));
  if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
  const data = await editFormData(request, punchSettings, page, user, { id: r.data.id, item: r.data });
  return { ...data, updatedAt: r.data.updatedAt, kindergartenName: r.data.kindergartenName };
});
export const punchSettingAction = pageAction(({ request, user }) =>
  editFormAction(request, punchSettings, user, { path: punchSettings.endpoint, redirectTo: punchSettings.page }),
);

const optionalFunctionList = z.object({
  list: z.array(z.object({ kindergartenId: z.number(), kindergartenName: z.string(), groupName: z.string(), showOn: z.number(), hideOn: z.number() })),
});

/** /kindergarten/optionalFunction: the kindergartens (optionally of one group) with their counts of flags. */
export const optionalFunctionsLoader = pageLoader(async ({ request }) => {
  const { group, query, groups: groupsLoading } = groupFilter(request);
  const [list, groups] = await Promise.all([
    settle(upstream(request).get("kindergartens/optional_functions/", { query, schema: optionalFunctionList })),
    groupsLoading,
  ]);
  return {
    group,
    rows: list.ok ? list.data.list : [],
    error: list.ok ? null : list.error,
    groups,
  };
});

const optionalFunctionIdOf = (splat: string | undefined) => {
  const m = /^(\d{1,9})\/edit\/?$/.exec(splat ?? "");
  if (!m) throw notFound();
  return Number(m[1]);
};
const backOf = (url: string) => {
  const b = new URL(url).searchParams.get("back") ?? "";
  return b.startsWith("?") ? b : "";
};

/** /kindergarten/optionalFunction/<id>/edit: one kindergarten's flags and settings. */
export const optionalFunctionLoader = pageLoader(async ({ request, params, user, page }) => {
  const id = optionalFunctionIdOf(params["*"]);
  const r = await settle(upstream(request).get(`kindergartens/${id}/optional_function/`, { schema: optionalFunctionItem }));
  if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
  const data = await editFormData(request, optionalFunctions, page, user, { id, item: r.data, back: backOf(request.url) });
  return { ...data, kindergartenName: r.data.kindergartenName };
});
export const optionalFunctionAction = pageAction(async ({ request, params, user }) => {
  const id = optionalFunctionIdOf(params["*"]);
  const back = String((await request.clone().formData()).get("back") ?? "");
  return editFormAction(request, optionalFunctions, user, {
    path: `kindergartens/${id}/optional_function/`,
    redirectTo: optionalFunctions.page + (back.startsWith("?") ? back : ""),
  });
});
