import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { admissionCustomers } from "@contract/resources/admission";
import { resourceListLoader } from "~/resources/route";
import { requireCsrf } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";

const WRITERS = [1, 12, 16];
const duplicatesSchema = z.object({
  list: z.array(
    z.object({
      phone: z.string(),
      kindergartenId: z.number(),
      customers: z.array(z.object({ id: z.number(), kidName: z.string(), stage: z.string(), createdAt: z.string() })),
    }),
  ),
});
export type DuplicateGroup = z.infer<typeof duplicatesSchema>["list"][number];

/** /admission/customerList: the resource list plus the customers sharing a phone within a kindergarten (merge candidates). */
export async function customerListLoader(args: LoaderFunctionArgs) {
  const res = (await resourceListLoader(admissionCustomers)(args)) as Response;
  const data = (await res.json()) as Record<string, unknown> & { roleId: number };
  const dup = await settle(upstream(args.request).get("admission/customers/duplicates/", { schema: duplicatesSchema }));
  return json({ ...data, duplicates: dup.ok ? dup.data.list : [], mayMerge: WRITERS.includes(data.roleId) }, { headers: res.headers });
}

/** `<id>/merge` of the customer list's splat, or null. */
export const mergeIdOf = (splat: string | undefined) => {
  const m = /^(\d{1,9})\/merge\/?$/.exec(splat ?? "");
  return m ? Number(m[1]) : null;
};

const itemSchema = z.object({
  id: z.number(),
  kidName: z.string(),
  phone: z.string().nullable(),
  stage: z.string(),
  kindergartenName: z.string(),
  createdAt: z.string(),
});

async function mergeGuard(request: Request) {
  const { user, page } = await requirePage(request);
  if (page.path !== admissionCustomers.page) throw notFound();
  if (!WRITERS.includes(user.info.roleId)) throw forbidden();
  return user;
}

/** The merge confirmation: customer `id` into `?into=` (both must share the phone; the API checks it again). */
export async function mergeLoader({ request }: LoaderFunctionArgs, id: number) {
  await mergeGuard(request);
  const into = Number(new URL(request.url).searchParams.get("into"));
  const api = upstream(request);
  const [from, to] = await Promise.all([
    settle(api.get(`admission/customers/${id}/`, { schema: itemSchema })),
    settle(api.get(`admission/customers/${into}/`, { schema: itemSchema })),
  ]);
  if (!from.ok || !to.ok || !Number.isInteger(into) || into <= 0) throw notFound();
  const t = await getT(request, ["admission", "menu"]);
  return json({ view: "merge" as const, title: t("admission:customers.mergePage.title"), from: from.data, into: to.data });
}

export async function mergeAction({ request }: ActionFunctionArgs, id: number) {
  await mergeGuard(request);
  await requireCsrf(request);
  const form = await request.formData();
  const into = String(form.get("into") ?? "");
  const r = await settle(upstream(request).envelope("POST", `admission/customers/${id}/merge/`, { form: { into } }));
  if (!r.ok) return redirectWithToast(admissionCustomers.page, { type: "error", message: r.error });
  return redirectWithToast(`${admissionCustomers.page}/${into}`, { type: "success", message: r.data.msg ?? "" });
}
