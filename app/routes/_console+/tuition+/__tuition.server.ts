import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { Role } from "@contract/roles";
import { downloadFromApi } from "~/components/report/report.server";
import { requireCsrf } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";
import { getUser } from "~/utils/session.server";
import { RECEIPT_ROLES } from "./__receipt";

/**
 * The tuition pages beyond the resource engine: /tuition/bills/generate (a class's bills, finance),
 * /tuition/bills/<id>/pay (the parent's QR page: provider choice, the server-made SVG, loading and failure with
 * "close and retry" — all plain GET/POST, no JavaScript needed), /tuition/bills/<id>/receipt and
 * /tuition/payrolls/<id>/slip (the PDFs).
 */
export type BillsCustom = { kind: "generate" } | { kind: "pay"; id: number };
/** The session's current role (null when not logged in: the generic loaders then send to login). */
export async function roleOf(request: Request): Promise<number | null> {
  const u = await getUser(request);
  return u ? u.info.roleId : null;
}
export function billsCustomOf(splat: string | undefined, roleId: number | null): BillsCustom | null {
  const s = (splat ?? "").replace(/\/+$/, "");
  if (s === "generate") return { kind: "generate" };
  const m = /^(\d{1,12})\/pay$/.exec(s);
  return m && roleId === Role.parent ? { kind: "pay", id: Number(m[1]) } : null;
}

const option = z.object({ value: z.union([z.number(), z.string()]), label: z.string() });
const lookupList = z.object({ list: z.array(option) });
const billSchema = z.object({
  id: z.number(),
  title: z.string(),
  studentName: z.string(),
  className: z.string().nullable(),
  amountFen: z.number(),
  amountText: z.string(),
  status: z.string(),
  lines: z.string(),
});
const qrSchema = z.object({ provider: z.string(), orderNo: z.string(), amountFen: z.number(), svg: z.string(), qrText: z.string(), expiresAt: z.string() });

async function head(request: Request) {
  const { user, page } = await requirePage(request);
  const t = await getT(request, ["menu", "tuition", "crud"]);
  return { user, page, t, title: t(page.meta.title, { ns: "menu" }), titleKey: page.meta.title };
}

export interface GenerateData {
  view: "generate";
  title: string;
  titleKey: string;
  classes: { value: number | string; label: string }[];
  templates: { value: number | string; label: string }[];
}
export interface PayData {
  view: "pay";
  title: string;
  titleKey: string;
  bill: z.infer<typeof billSchema>;
  provider: string | null;
  qr: z.infer<typeof qrSchema> | null;
  failed: string | null;
  /** Online payment is not set up (the API's PAYMENTS is off): said in place of the QR code, with no retry. */
  notSetUp: string | null;
}

export async function billsCustomLoader({ request }: LoaderFunctionArgs, custom: BillsCustom) {
  const h = await head(request);
  const api = upstream(request);
  if (custom.kind === "generate") {
    if (h.user.info.roleId !== Role.finance) throw forbidden();
    const [classes, templates] = await Promise.all([
      api.get("lookups/classOptions/", { schema: lookupList }),
      api.get("lookups/tuitionTemplates/", { schema: lookupList }),
    ]);
    return json<GenerateData>({ view: "generate", title: h.title, titleKey: h.titleKey, classes: classes.list, templates: templates.list });
  }
  if (h.user.info.roleId !== Role.parent) throw forbidden();
  const r = await settle(api.get(`tuition/bills/${custom.id}/`, { schema: billSchema }));
  if (!r.ok) {
    if (r.code === 404) throw notFound();
    if (r.code === 403) throw forbidden();
    throw await redirectWithToast("/tuition/bills", { type: "error", message: r.error });
  }
  const provider = new URL(request.url).searchParams.get("provider");
  let qr: PayData["qr"] = null;
  let failed: string | null = null;
  let notSetUp: string | null = null;
  if (provider && r.data.status === "pending") {
    const q = await settle(api.get(`tuition/bills/${custom.id}/qr/`, { query: { provider }, schema: qrSchema }));
    if (q.ok) qr = q.data;
    else if (q.code === 503) notSetUp = h.t("tuition:bills.pay.notSetUp");
    else failed = h.t("tuition:bills.pay.failed");
  }
  return json<PayData>({ view: "pay", title: h.title, titleKey: h.titleKey, bill: r.data, provider, qr, failed, notSetUp });
}

export async function billsCustomAction({ request }: ActionFunctionArgs, custom: BillsCustom) {
  const h = await head(request);
  await requireCsrf(request);
  const form = await request.formData();
  const api = upstream(request);
  if (custom.kind === "generate") {
    if (h.user.info.roleId !== Role.finance) throw forbidden();
    const fields: Record<string, string> = {};
    for (const k of ["classId", "templateId", "discount", "title", "dueDate", "useDeposit"]) {
      const v = String(form.get(k) ?? "").trim();
      if (v) fields[k] = v;
    }
    const r = await settle(
      api.envelope("POST", "tuition/bills/generate/", { form: fields, schema: z.object({ ids: z.array(z.number()), count: z.number() }) }),
    );
    if (!r.ok) {
      if (r.fieldErrors && Object.keys(r.fieldErrors).length) return json({ errors: r.fieldErrors, values: fields }, { status: 400 });
      return json({ errors: { _: [r.error] }, values: fields }, { status: 400 });
    }
    return redirectWithToast("/tuition/bills?status=unannounced", { type: "success", message: r.data.msg ?? "" });
  }
  if (h.user.info.roleId !== Role.parent) throw forbidden();
  const provider = String(form.get("provider") ?? "");
  if (provider !== "wechat" && provider !== "alipay") return redirect(`/tuition/bills/${custom.id}/pay`);
  const bill = await settle(api.get(`tuition/bills/${custom.id}/`, { schema: billSchema }));
  if (!bill.ok) throw notFound();
  if (bill.data.status === "announced") {
    const r = await settle(api.envelope("POST", `tuition/bills/${custom.id}/pay/`, { form: {} }));
    if (!r.ok && r.code !== 409) throw await redirectWithToast(`/tuition/bills/${custom.id}/pay`, { type: "error", message: r.error });
  }
  return redirect(`/tuition/bills/${custom.id}/pay?provider=${provider}`);
}

/** /tuition/payrolls/<id>/slip: the API's PDF streamed through the upstream client. */
export async function payslipLoader({ request }: LoaderFunctionArgs, id: number) {
  await requirePage(request);
  return downloadFromApi(request, `tuition/payrolls/${id}/slip/`, {}, "/tuition/payrolls");
}

/** /tuition/bills/<id>/receipt: the API's PDF; a bill not paid yet comes back to its page with the API's message. */
export async function receiptLoader({ request }: LoaderFunctionArgs, id: number) {
  const { user } = await requirePage(request);
  if (!RECEIPT_ROLES.includes(user.info.roleId)) throw forbidden();
  return downloadFromApi(request, `tuition/bills/${id}/receipt/`, {}, `/tuition/bills/${id}`);
}
