import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { pageSchema } from "@contract/api";
import { customerTimelineEntrySchema } from "@contract/entities/customer-timeline";
import { addDays, mondayOf, todayCn } from "@contract/daily/time";
import { can, listViewOf, MAX_PAGE_SIZE } from "@contract/resource";
import { admissionAppointments, admissionCommunications, admissionCustomers } from "@contract/resources/admission";
import { rowSchema, withActions } from "~/resources/engine.server";
import { resourceListLoader, resourceSubLoader } from "~/resources/route";
import { readLoaderReply } from "~/utils/loader-data.server";
import type { AppointmentItem, AppointmentView, AppointmentViewData } from "~/components/admission/appointment-format";
import { requireCsrf } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { failureToast, settle, upstream } from "~/utils/upstream.server";

const WRITERS = [1, 12, 16];
const GROUP_ROLES = [9, 16];
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
  const res = await readLoaderReply(await resourceListLoader("admissionCustomers")(args));
  const data = res.value as Record<string, unknown> & { roleId: number };
  const dup = await settle(upstream(args.request).get("admission/customers/duplicates/", { schema: duplicatesSchema }));
  return json({ ...data, duplicates: dup.ok ? dup.data.list : [], mayMerge: WRITERS.includes(data.roleId) }, { headers: res.headers });
}

const timelineSchema = z.object({ list: z.array(customerTimelineEntrySchema) });

/** The follow-up a customer's page offers: a new communication record or appointment for this customer (null: not hers to add). */
export interface FollowUpLinks {
  communication: string | null;
  appointment: string | null;
}

/**
 * /admission/customerList/<id> and the other sub-pages: a customer's detail also carries its communications and
 * appointments, and the links to add one (the forms open with the customer chosen; saved, they show that
 * customer's records).
 */
export async function customerSubLoader(args: LoaderFunctionArgs) {
  const res = (await resourceSubLoader("admissionCustomers")(args)) as Response;
  if (!/^\d{1,12}\/?$/.test(args.params["*"] ?? "")) return res;
  const data = (await res.json()) as Record<string, unknown> & { id: number; roleId: number };
  const timeline = await settle(upstream(args.request).get(`admission/customers/${data.id}/timeline/`, { schema: timelineSchema }));
  const add = (def: typeof admissionCommunications | typeof admissionAppointments) =>
    can(def, "create", data.roleId) ? `${def.page}/new?customerId=${data.id}&back=${encodeURIComponent(`?customerId=${data.id}`)}` : null;
  const followUp: FollowUpLinks = { communication: add(admissionCommunications), appointment: add(admissionAppointments) };
  return json({ ...data, timeline: timeline.ok ? timeline.data.list : [], followUp }, { headers: res.headers });
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
  return json({ view: "merge" as const, title: t("admission:customers.mergePage.title"), page: admissionCustomers.page, from: from.data, into: to.data });
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

// ------------------------------------------------------------------------------------------
// Appointments: the day and week views (?view=day|week&date=YYYY-MM-DD) beside the resource list
// ------------------------------------------------------------------------------------------
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const kindergartenOptions = z.object({ list: z.array(z.object({ value: z.union([z.number(), z.string()]), label: z.string() })) });

/** The view of `?view=` (null: the resource list). */
export const appointmentViewOf = (url: URL): AppointmentView | null => {
  const v = url.searchParams.get("view");
  return v === "day" || v === "week" ? v : null;
};

/** /admission/appointmentList: the resource list, or the day / week view read through the same list endpoint. */
/** The list opened without a query starts at today's appointments (the date filter shows it; earlier ones by changing it). */
function upcomingFirst(args: LoaderFunctionArgs, url: URL): LoaderFunctionArgs {
  url.searchParams.set("dateFrom", todayCn());
  return { ...args, request: new Request(url, args.request) };
}

export async function appointmentListLoader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const view = appointmentViewOf(url);
  if (!view) return resourceListLoader("admissionAppointments")(url.search ? args : upcomingFirst(args, url));
  const { user, page } = await requirePage(args.request);
  if (page.path !== admissionAppointments.page) throw notFound();
  if (!can(admissionAppointments, "list", user.info.roleId)) throw forbidden();
  const today = todayCn();
  const asked = url.searchParams.get("date") ?? "";
  const date = DATE_RE.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today;
  const from = view === "week" ? mondayOf(date) : date;
  const to = view === "week" ? addDays(from, 6) : date;
  const group = GROUP_ROLES.includes(user.info.roleId);
  const kindergartenId = group && /^\d{1,9}$/.test(url.searchParams.get("kindergartenId") ?? "") ? url.searchParams.get("kindergartenId")! : "";
  const mine = user.info.roleId === 12 ? url.searchParams.get("all") !== "1" : null;
  const api = upstream(args.request);
  const query = { dateFrom: from, dateTo: to, pageSize: MAX_PAGE_SIZE, sort: "date", ...(kindergartenId ? { kindergartenId } : {}) };
  const [result, kgs, t] = await Promise.all([
    settle(api.get(admissionAppointments.endpoint, { query, schema: pageSchema(rowSchema(admissionAppointments)) })),
    group ? settle(api.get("lookups/kindergartens/", { schema: kindergartenOptions })) : null,
    getT(args.request, ["menu"]),
  ]);
  const items = (result.ok ? result.data.list : [])
    .map((i) => withActions(admissionAppointments, i, user) as AppointmentItem)
    .filter((i) => !mine || i.teacherUserId === user.info.userId)
    .sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  const back = `?${url.searchParams.toString()}`;
  const data: AppointmentViewData = {
    view,
    def: listViewOf(admissionAppointments),
    customersPage: admissionCustomers.page,
    title: t(page.meta.title, { ns: "menu" }),
    date,
    from,
    to,
    today,
    roleId: user.info.roleId,
    mine,
    kindergartenId,
    kindergartens: kgs?.ok ? kgs.data.list.map((o) => ({ value: String(o.value), label: o.label })) : [],
    items,
    back,
    toast: result.ok ? null : failureToast(result),
  };
  return json(data);
}
