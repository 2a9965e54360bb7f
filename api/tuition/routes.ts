import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Kysely } from "kysely";
import { Role } from "@contract/roles";
import { ASSESSMENT_TIMES } from "@contract/resources/assessment";
import { localName } from "@contract/format";
import { fenToYuan, formatFen, type BillLine } from "@contract/tuition/money";
import type { App, AppEnv, Deps } from "@api/context";
import type { Database } from "@api/db/schema";
import { nowIso } from "@api/db";
import { SYSTEM_ACTOR, write } from "@api/db/audit";
import { ApiError, fieldError, forbidden, langOf, notFound, ok, pathId, wholeList } from "@api/http";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { classFilter, kindergartenFilter, scoped, studentFilter, type Scope } from "@api/tenancy";
import { runCustom, replyOk } from "@api/resources/custom-routes";
import type { Lang } from "@api/i18n";
import { rt } from "@api/resources/i18n";
import { envelope, idParam, tokenHeader } from "@api/routes/common";
import { errorResponses, fileReplyDoc, MEDIA } from "@api/resources/engine/openapi";
import { booleanOf } from "@contract/boolean-words";
import { checkoutTokenValid, isProvider, paymentGateway, signLocal, type ProviderName } from "@api/services/payments";
import type { PaymentsConfig } from "@api/config";
import { slipPdf } from "@api/services/pdf";
import { checklistOf, levelTotals } from "./assessment";
import { generateBills } from "./resources";

const BILLS_PAGE = "/tuition/bills";
const PAYROLL_PAGE = "/tuition/payrolls";
const ASSESS_PAGE = "/student/studentAssessments";

async function formOf(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") out[k] = v;
  return out;
}
const int = (v: string | undefined) => (v != null && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : null);

// ------------------------------------------------------------------------------------------------
// Payments: orders, the signed notification, the stand-in's checkout
// ------------------------------------------------------------------------------------------------
/**
 * Handles one provider notification: verified signature, known order of that provider, same amount, first delivery
 * (unique provider + notify id) — then, in one transaction, the order is paid, the bill moves pending → paid
 * awaiting confirmation (the `markPaid` transition, audited with no user: the provider) and a fee record is written.
 * Anything else changes nothing. Answers what happened ("paid" | "duplicate" | "badSignature" | "unknownOrder" | "wrongAmount" | "wrongState").
 */
export async function processNotification(
  db: Kysely<Database>,
  payments: PaymentsConfig,
  provider: ProviderName,
  fields: Record<string, string>,
): Promise<string> {
  const n = paymentGateway(payments, provider)?.verifyNotification(fields);
  if (!n) return "badSignature";
  return write(db, SYSTEM_ACTOR, async (w) => {
    const trx = w.trx as unknown as Kysely<Database>;
    const order = await trx.selectFrom("payment_orders").selectAll().where("order_no", "=", n.orderNo).where("provider", "=", provider).executeTakeFirst();
    if (!order) return "unknownOrder";
    if (Number(order.amount_fen) !== n.amountFen) return "wrongAmount";
    const first = await trx
      .insertInto("payment_notifications")
      .values({ provider, notify_id: n.notifyId, order_no: n.orderNo, amount_fen: n.amountFen, outcome: "paid", received_at: nowIso() })
      .onConflict((oc) => oc.columns(["provider", "notify_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!first) return "duplicate";
    if (order.status !== "open") {
      await trx.updateTable("payment_notifications").set({ outcome: "orderNotOpen" }).where("id", "=", first.id).execute();
      return "duplicate";
    }
    const moved = await w.updateWhere(
      "tuition_bills",
      Number(order.bill_id),
      { status: "paidUnconfirmed", paid_via: provider, updated_at: nowIso() },
      "markPaid",
      "status",
      ["pending"],
      { comment: `${provider} ${n.orderNo}` },
    );
    if (!moved) {
      await trx.updateTable("payment_notifications").set({ outcome: "wrongState" }).where("id", "=", first.id).execute();
      return "wrongState";
    }
    await trx.updateTable("payment_orders").set({ status: "paid", paid_at: nowIso() }).where("id", "=", order.id).execute();
    await trx.updateTable("payment_orders").set({ status: "closed" }).where("bill_id", "=", order.bill_id).where("status", "=", "open").execute();
    const bill = await trx.selectFrom("tuition_bills").selectAll().where("id", "=", Number(order.bill_id)).executeTakeFirstOrThrow();
    await w.insert("fee_records", {
      kindergarten_id: Number(bill.kindergarten_id),
      bill_id: Number(bill.id),
      student_id: Number(bill.student_id),
      kind: "payment",
      channel: provider,
      amount_fen: n.amountFen,
      reference: `${provider.toUpperCase()}-${n.notifyId}`,
      remark: null,
      occurred_on: n.paidAt.slice(0, 10),
      created_by: null,
      created_at: nowIso(),
    });
    return "paid";
  });
}

/** The open order of a bill with a provider for its current amount, created when there is none. */
async function orderFor(db: Kysely<Database>, scope: Scope, billId: number, provider: ProviderName) {
  const bill = await db
    .selectFrom("tuition_bills as b")
    .selectAll()
    .where("b.id", "=", billId)
    .where(kindergartenFilter(scope, "b.kindergarten_id"))
    .where(studentFilter(scope, "b.student_id"))
    .executeTakeFirst();
  if (!bill) throw notFound();
  // Only the parent pays (finance sees the bill, but has no QR code to scan).
  if (scope.roleId !== Role.parent) throw forbidden();
  if (bill.status !== "pending") throw new ApiError(409, "tuition:bills.pay.choose");
  const open = await db
    .selectFrom("payment_orders")
    .selectAll()
    .where("bill_id", "=", billId)
    .where("provider", "=", provider)
    .where("status", "=", "open")
    .where("amount_fen", "=", Number(bill.amount_fen))
    .executeTakeFirst();
  if (open) return { bill, order: open };
  const orderNo = `KG${bill.id}${provider === "wechat" ? "W" : "A"}${Date.now().toString(36).toUpperCase()}`;
  await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) =>
    w.insert("payment_orders", {
      bill_id: billId,
      kindergarten_id: Number(bill.kindergarten_id),
      provider,
      order_no: orderNo,
      amount_fen: Number(bill.amount_fen),
      status: "open",
      created_by: scope.userId,
      created_at: nowIso(),
      paid_at: null,
    }),
  );
  const order = await db.selectFrom("payment_orders").selectAll().where("order_no", "=", orderNo).executeTakeFirstOrThrow();
  return { bill, order };
}

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"></head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto">${body}</body></html>`;
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function registerTuitionRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage } = makeGuards(deps);
  const doc = (
    method: "get" | "post",
    path: string,
    operationId: string,
    summary: string,
    data: z.ZodTypeAny | null,
    opts: { id?: boolean; auth?: boolean; errors?: number[] } = {},
  ) =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      operationId,
      tags: ["tuition"],
      summary,
      ...(opts.auth === false ? {} : { security: tokenHeader }),
      request: opts.id ? { params: idParam } : {},
      responses: {
        ...(data
          ? { 200: { description: "code 200", content: { "application/json": { schema: envelope(data) } } } }
          : fileReplyDoc("The PDF document", [MEDIA.pdf])),
        // The errors only this operation sends (the shared ones are added to every operation by completeOperations).
        ...errorResponses(opts.errors ?? []),
      },
    });

  // A class's bills from a template (finance): all or nothing.
  doc(
    "post",
    "/tuition/bills/generate/",
    "tuitionBillsGenerate",
    "Generate the bills of a class from a template (role 14)",
    z.object({ ids: z.array(z.number()), count: z.number() }),
  );
  app.post(
    "/tuition/bills/generate/",
    requireAuth,
    requirePage(BILLS_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      if (scope.roleId !== Role.finance) throw forbidden();
      const f = await formOf(c);
      const errors: Record<string, string[]> = {};
      const classId = int(f.classId);
      const templateId = int(f.templateId);
      const discount = f.discount == null || f.discount === "" ? 0 : int(f.discount);
      if (!classId) errors.classId = ["crud:validation.choose"];
      if (!templateId) errors.templateId = ["crud:validation.choose"];
      if (discount == null || discount > 100) errors.discount = ["tuition:bills.errors.discount"];
      if (f.dueDate && !/^\d{4}-\d{2}-\d{2}$/.test(f.dueDate)) errors.dueDate = ["crud:validation.date"];
      if (Object.keys(errors).length)
        throw new ApiError(422, "error.validation", {}, { errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((key) => ({ key }))])) });
      const ids = await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) =>
        generateBills(w, scope, {
          classId: classId!,
          templateId: templateId!,
          discount: discount!,
          useDeposit: booleanOf(f.useDeposit) === true,
          title: f.title?.trim() || null,
          dueDate: f.dueDate || null,
        }),
      );
      return replyOk(c, { ids, count: ids.length }, "tuition:tuitionBills.messages.generated", { count: ids.length });
    }),
  );

  // The QR code of a pending bill for one provider (the parent): SVG made here, so the page needs no JavaScript.
  doc(
    "get",
    "/tuition/bills/{id}/qr/",
    "tuitionBillsQr",
    "The payment QR code (SVG) of a pending bill for provider=wechat|alipay (role 4); 503 when online payment is not set up (PAYMENTS off), 502 when the provider fails",
    z.object({ provider: z.string(), orderNo: z.string(), amountFen: z.number(), svg: z.string(), qrText: z.string(), expiresAt: z.string() }),
    { id: true, errors: [502] },
  );
  app.get(
    "/tuition/bills/:id{[0-9]+}/qr/",
    requireAuth,
    requirePage(BILLS_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const provider = c.req.query("provider") ?? "";
      if (!isProvider(provider)) throw fieldError("provider", "crud:validation.choose");
      const gateway = paymentGateway(deps.config.payments, provider);
      // No provider configured: said before any order is made (finance records payments made otherwise).
      if (!gateway) throw new ApiError(503, "tuition:bills.pay.notSetUp");
      const { bill, order } = await orderFor(db, scope, pathId(c), provider);
      let qr: { qrText: string; expiresAt: string };
      try {
        qr = await gateway.createOrder({ orderNo: order.order_no, amountFen: Number(order.amount_fen), subject: `${bill.title} #${bill.id}` });
      } catch {
        throw new ApiError(502, "tuition:bills.pay.failed");
      }
      const { default: QRCode } = await import("qrcode"); // loaded on the first QR code, not with the API
      const svg = await QRCode.toString(qr.qrText, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      return ok(c, { provider, orderNo: order.order_no, amountFen: Number(order.amount_fen), svg, qrText: qr.qrText, expiresAt: qr.expiresAt });
    }),
  );

  // The providers' notification callback (no token: the signature is the authentication).
  doc(
    "post",
    "/payments/notify/{provider}/",
    "paymentsNotify",
    "A payment provider's signed notification (wechat|alipay); replay-safe",
    z.object({ outcome: z.string() }),
    {
      auth: false,
    },
  );
  const standInSummary = {
    get: "The local payment stand-in's checkout page (what the QR code encodes, with its token t; PAYMENTS=local only)",
    post: "Pays the order on the local payment stand-in (its page's form; sends the signed notification a provider would)",
  };
  app.openAPIRegistry.registerComponent("responses", "StandInNotFound", {
    description: "An unknown order or token: the stand-in's HTML page (code 404)",
    content: { "text/html": { schema: { type: "string" } } },
  });
  for (const method of ["get", "post"] as const)
    app.openAPIRegistry.registerPath({
      method,
      path: "/payments/local/{provider}/checkout/{orderNo}/",
      operationId: method === "get" ? "paymentsLocalCheckout" : "paymentsLocalCheckoutPay",
      tags: ["tuition"],
      summary: standInSummary[method],
      request: { params: z.object({ provider: z.string(), orderNo: z.string() }), query: z.object({ t: z.string() }) },
      responses: {
        200: { description: "HTML", content: { "text/html": { schema: z.string() } } },
        404: { $ref: "#/components/responses/StandInNotFound" },
      },
    });
  app.post("/payments/notify/:provider/", async (c) => {
    const provider = c.req.param("provider");
    if (!isProvider(provider)) return c.json({ code: 404, msg: "unknown provider", data: null }, 404);
    const gateway = paymentGateway(deps.config.payments, provider);
    if (!gateway) return c.json({ code: 404, msg: "online payment is not set up", data: null }, 404);
    const outcome = await processNotification(db, deps.config.payments, provider, await formOf(c));
    const ack = gateway.acknowledge(outcome === "paid" || outcome === "duplicate");
    return c.body(JSON.stringify({ ...JSON.parse(ack.body), outcome }), ack.status as 200, { "content-type": ack.contentType });
  });

  // The stand-in "payment app" (PAYMENTS=local only): shows the order and pays it (sends the signed notification, as
  // the provider would). Only with the link's token, which only the QR code shown to the parent carries.
  const standInOrder = async (c: Context) => {
    const provider = c.req.param("provider") ?? "";
    const orderNo = c.req.param("orderNo") ?? "";
    const { mode, localSecret } = deps.config.payments;
    if (mode !== "local" || !isProvider(provider) || !checkoutTokenValid(localSecret, provider, orderNo, c.req.query("t") ?? "")) return null;
    const order = await db.selectFrom("payment_orders").selectAll().where("order_no", "=", orderNo).where("provider", "=", provider).executeTakeFirst();
    return order ? { provider, order } : null;
  };
  const unknownOrder = (c: Context) => c.html(html("Not found", "<p>Unknown order</p>"), 404);
  app.get("/payments/local/:provider/checkout/:orderNo/", async (c) => {
    const found = await standInOrder(c);
    if (!found) return unknownOrder(c);
    const { provider, order } = found;
    const paid = order.status !== "open";
    return c.html(
      html(
        `${provider} stand-in`,
        `<h1>${provider === "wechat" ? "WeChat Pay" : "Alipay"} (local stand-in)</h1><p>Order <b>${esc(order.order_no)}</b></p><p>Amount <b data-testid="standin-amount">¥${fenToYuan(Number(order.amount_fen))}</b></p>` +
          (paid
            ? `<p data-testid="standin-paid">Paid</p>`
            : `<form method="post"><button type="submit" data-testid="standin-pay">Pay ¥${fenToYuan(Number(order.amount_fen))}</button></form>`),
      ),
    );
  });
  app.post("/payments/local/:provider/checkout/:orderNo/", async (c) => {
    const found = await standInOrder(c);
    if (!found) return unknownOrder(c);
    const { provider, order } = found;
    const fields: Record<string, string> = {
      notifyId: `N${order.id}-${Date.now().toString(36)}`,
      orderNo: order.order_no,
      amountFen: String(order.amount_fen),
      paidAt: nowIso(),
    };
    fields.sign = signLocal(deps.config.payments.localSecret, provider, fields);
    const outcome = await processNotification(db, deps.config.payments, provider, fields);
    return c.html(html(`${provider} stand-in`, `<h1>${outcome === "paid" ? "Paid" : esc(outcome)}</h1><p data-testid="standin-outcome">${esc(outcome)}</p>`));
  });

  // Pay slip as PDF in the reader's language (api/services/pdf.ts).
  doc("get", "/tuition/payrolls/{id}/slip/", "payrollsSlip", "One employee's pay slip as PDF (role 14, show:isShowSalary)", null, { id: true });
  app.get(
    "/tuition/payrolls/:id{[0-9]+}/slip/",
    requireAuth,
    requirePage(PAYROLL_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const p = await db
        .selectFrom("payrolls as p")
        .innerJoin("kindergartens as k", "k.id", "p.kindergarten_id")
        .select([
          "p.id",
          "p.month",
          "p.staff_name",
          "p.staff_phone",
          "p.base_fen",
          "p.allowances_fen",
          "p.deductions_fen",
          "p.net_fen",
          "p.remark",
          "k.name_en",
          "k.name",
        ])
        .where("p.id", "=", pathId(c))
        .where(kindergartenFilter(scope, "p.kindergarten_id"))
        .executeTakeFirst();
      if (!p) throw notFound();
      const bytes = await payslipPdf(langOf(c), {
        kindergarten: localName(langOf(c), p.name, p.name_en),
        month: p.month,
        name: p.staff_name,
        phone: p.staff_phone,
        base: Number(p.base_fen),
        allowances: Number(p.allowances_fen),
        deductions: Number(p.deductions_fen),
        net: Number(p.net_fen),
      });
      return new Response(new Uint8Array(bytes), {
        headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="payslip-${p.month}-${p.id}.pdf"` },
      });
    }),
  );

  // A paid bill's receipt as PDF: the parent (his children's bills) and finance (the kindergarten's); nobody else.
  doc("get", "/tuition/bills/{id}/receipt/", "tuitionBillsReceipt", "A paid bill's receipt as PDF (roles 4 and 14); 409 before it is paid", null, { id: true });
  app.get(
    "/tuition/bills/:id{[0-9]+}/receipt/",
    requireAuth,
    requirePage(BILLS_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      if (scope.roleId !== Role.parent && scope.roleId !== Role.finance) throw forbidden();
      const receipt = await receiptOf(db, scope, pathId(c));
      if (!receipt) throw notFound();
      if (receipt.status !== "paid") throw new ApiError(409, "tuition:bills.receipt.notPaid");
      const bytes = await receiptPdf(langOf(c), receipt);
      return new Response(new Uint8Array(bytes), {
        headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="receipt-${receipt.id}.pdf"` },
      });
    }),
  );

  // ---------------------------------------------------------------------------------------------
  // Student assessments: the scoring sheet, the scores, the child's progress and the class summary
  // ---------------------------------------------------------------------------------------------
  const sheetItem = z.object({
    id: z.number(),
    content: z.string(),
    objective: z.string(),
    category: z.string(),
    maxScore: z.number(),
    score: z.number().nullable(),
  });
  doc(
    "get",
    "/student/assessments/{id}/sheet/",
    "studentAssessmentsSheet",
    "The checklist of an assessment (its level and time) with the scores so far, and the child's three times",
    z.object({ assessment: z.any(), items: z.array(sheetItem), progress: z.array(z.any()) }),
    { id: true },
  );
  const assessmentInScope = async (scope: Scope, id: number) => {
    const a = await db
      .selectFrom("student_assessments as sa")
      .innerJoin("students as s", "s.id", "sa.student_id")
      .leftJoin("classes as c", "c.id", "sa.class_id")
      .select([
        "sa.id",
        "sa.student_id",
        "sa.level",
        "sa.time",
        "sa.school_year",
        "sa.scores",
        "sa.total_score",
        "sa.remark",
        "s.name as student_name",
        "c.name as class_name",
        "c.name_en as class_name_en",
      ])
      .where("sa.id", "=", id)
      .where(kindergartenFilter(scope, "sa.kindergarten_id"))
      .where(studentFilter(scope, "sa.student_id"))
      .executeTakeFirst();
    if (!a) throw notFound();
    return a;
  };
  app.get(
    "/student/assessments/:id{[0-9]+}/sheet/",
    requireAuth,
    requirePage(ASSESS_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const lang = langOf(c);
      const a = await assessmentInScope(scope, pathId(c));
      const scores = JSON.parse(a.scores || "{}") as Record<string, number>;
      const items = (await checklistOf(db, a.level, a.time)).map((i) => ({
        id: Number(i.id),
        content: lang === "en" && i.content_en ? i.content_en : i.content,
        objective: lang === "en" && i.objective_en ? i.objective_en : i.objective,
        category: lang === "en" && i.category_en ? i.category_en : i.category,
        maxScore: Number(i.max_score),
        score: scores[String(i.id)] ?? null,
      }));
      const totals = await levelTotals(db);
      const all = await db
        .selectFrom("student_assessments")
        .select(["id", "time", "level", "total_score"])
        .where("student_id", "=", a.student_id)
        .where("school_year", "=", a.school_year)
        .execute();
      const progress = ASSESSMENT_TIMES.map((time) => {
        const r = all.find((x) => x.time === time);
        const max = r ? (totals.find((t) => t.level === r.level && t.time === time)?.total ?? 0) : 0;
        return {
          time,
          id: r ? Number(r.id) : null,
          score: r ? Number(r.total_score) : null,
          max,
          rate: r && max ? Math.round((Number(r.total_score) * 1000) / max) / 10 : null,
        };
      });
      return ok(c, {
        assessment: {
          id: Number(a.id),
          studentName: a.student_name,
          className: lang === "en" && a.class_name_en ? a.class_name_en : a.class_name,
          level: a.level,
          time: a.time,
          schoolYear: a.school_year,
          totalScore: Number(a.total_score),
          remark: a.remark,
        },
        items,
        progress,
      });
    }),
  );

  doc(
    "post",
    "/student/assessments/{id}/scores/",
    "studentAssessmentsScores",
    "Saves the scores of an assessment (score_<itemId> fields; role 3)",
    z.object({ totalScore: z.number() }),
    {
      id: true,
    },
  );
  app.post(
    "/student/assessments/:id{[0-9]+}/scores/",
    requireAuth,
    requirePage(ASSESS_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      if (scope.roleId !== Role.teacher) throw forbidden();
      const a = await assessmentInScope(scope, pathId(c));
      const f = await formOf(c);
      const items = await checklistOf(db, a.level, a.time);
      const scores: Record<string, number> = {};
      const errors: Record<string, { key: string; params: Record<string, number> }[]> = {};
      for (const i of items) {
        const raw = (f[`score_${i.id}`] ?? "").trim();
        if (raw === "") continue;
        const v = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
        if (!(v >= 0 && v <= Number(i.max_score))) errors[`score_${i.id}`] = [{ key: "assessment:errors.score", params: { max: Number(i.max_score) } }];
        else scores[String(i.id)] = v;
      }
      if (Object.keys(errors).length) throw new ApiError(422, "error.validation", {}, { errors });
      const total = Object.values(scores).reduce((s, v) => s + v, 0);
      await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) =>
        w.update("student_assessments", Number(a.id), { scores: JSON.stringify(scores), total_score: total, assessed_by: scope.userId, updated_at: nowIso() }),
      );
      return replyOk(c, { totalScore: total }, "assessment:students.saved");
    }),
  );

  doc(
    "get",
    "/student/assessments/summary/",
    "studentAssessmentsSummary",
    "Class summary: per class and assessment time, children assessed and the average score rate (schoolYear=)",
    z.object({
      list: z.array(z.object({ classId: z.number(), className: z.string(), time: z.string(), count: z.number(), rate: z.number() })),
      schoolYear: z.string().openapi({ example: "2025-2026" }),
      msg: z.string().openapi({ description: "The summary's caption, translated" }),
    }),
  );
  app.get(
    "/student/assessments/summary/",
    requireAuth,
    requirePage(ASSESS_PAGE),
    runCustom(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const lang = langOf(c);
      const year = c.req.query("schoolYear") || "2025-2026";
      const rows = await db
        .selectFrom("student_assessments as sa")
        .innerJoin("classes as c", "c.id", "sa.class_id")
        .select(["sa.class_id", "c.name", "c.name_en", "sa.level", "sa.time", "sa.total_score"])
        .where("sa.school_year", "=", year)
        .where(kindergartenFilter(scope, "sa.kindergarten_id"))
        .where(studentFilter(scope, "sa.student_id"))
        .where(classFilter(scope, "sa.class_id"))
        .orderBy("c.name")
        .execute();
      const totals = await levelTotals(db);
      const groups = new Map<string, { classId: number; className: string; time: string; count: number; rateSum: number }>();
      for (const r of rows) {
        const max = totals.find((t) => t.level === r.level && t.time === r.time)?.total ?? 0;
        const key = `${r.class_id}:${r.time}`;
        const g = groups.get(key) ?? {
          classId: Number(r.class_id),
          className: lang === "en" && r.name_en ? r.name_en : r.name,
          time: r.time,
          count: 0,
          rateSum: 0,
        };
        g.count++;
        g.rateSum += max ? (Number(r.total_score) * 100) / max : 0;
        groups.set(key, g);
      }
      const list = [...groups.values()]
        .map((g) => ({ classId: g.classId, className: g.className, time: g.time, count: g.count, rate: Math.round((g.rateSum / g.count) * 10) / 10 }))
        .sort((a, b) => a.className.localeCompare(b.className) || ASSESSMENT_TIMES.indexOf(a.time as never) - ASSESSMENT_TIMES.indexOf(b.time as never));
      return ok(c, { ...wholeList(list), schoolYear: year, msg: rt(lang, "assessment:students.summary") });
    }),
  );

  // Score totals per class level and time (the checklists page).
  doc(
    "get",
    "/assessment/checklists/totals/",
    "assessmentTotals",
    "Full-score totals per class level and assessment time (role 6)",
    z.object({ list: z.array(z.any()) }),
  );
  app.get(
    "/assessment/checklists/totals/",
    requireAuth,
    requirePage("/assessment/checklists"),
    runCustom(async (c: Context<AppEnv>) => ok(c, wholeList(await levelTotals(db)))),
  );

  void scoped;
}

/** What a receipt prints: the bill in the caller's reach with its child, class, kindergarten and payment date. */
async function receiptOf(db: Kysely<Database>, scope: Scope, billId: number) {
  return db
    .selectFrom("tuition_bills as b")
    .innerJoin("students as s", "s.id", "b.student_id")
    .leftJoin("classes as cl", "cl.id", "s.class_id")
    .innerJoin("kindergartens as k", "k.id", "b.kindergarten_id")
    .select((eb) => [
      "b.id",
      "b.title",
      "b.period",
      "b.lines",
      "b.subtotal_fen",
      "b.discount_fen",
      "b.deposit_fen",
      "b.amount_fen",
      "b.status",
      "b.paid_via",
      "s.name as student_name",
      "cl.name as class_name",
      "cl.name_en as class_name_en",
      "k.name as kg_name",
      "k.name_en as kg_name_en",
      eb
        .selectFrom("fee_records as f")
        .select((f) => f.fn.max("f.occurred_on").as("d"))
        .whereRef("f.bill_id", "=", "b.id")
        .where("f.kind", "=", "payment")
        .as("paid_on"),
    ])
    .where("b.id", "=", billId)
    .where(kindergartenFilter(scope, "b.kindergarten_id"))
    .where(studentFilter(scope, "b.student_id"))
    .executeTakeFirst();
}

/** A paid bill's receipt in the reader's language: its lines and totals as the bill's page shows them. */
export function receiptPdf(lang: Lang, r: NonNullable<Awaited<ReturnType<typeof receiptOf>>>): Promise<Buffer> {
  const label = (k: string) => rt(lang, `tuition:bills.fields.${k}`);
  const kindergarten = localName(lang, r.kg_name, r.kg_name_en);
  const title = rt(lang, "tuition:bills.receipt.title");
  const lines = JSON.parse(r.lines || "[]") as BillLine[];
  const paid: [string, string][] = [];
  if (r.paid_via) paid.push([label("paidVia"), rt(lang, `tuition:fee.channels.${r.paid_via}`)]);
  if (r.paid_on) paid.push([rt(lang, "tuition:bills.receipt.paidOn"), String(r.paid_on)]);
  return slipPdf({
    heading: kindergarten,
    title,
    sections: [
      {
        rows: [
          [rt(lang, "tuition:bills.receipt.number"), String(r.id)],
          [label("title"), r.title],
          [label("student"), r.student_name],
          [label("class"), r.class_name ? localName(lang, r.class_name, r.class_name_en) : "—"],
          [rt(lang, "tuition:templates.fields.period"), rt(lang, `tuition:periods.${r.period}`)],
        ],
      },
      {
        title: rt(lang, "tuition:bills.receipt.lines"),
        rows: [
          ...lines.map((l): [string, string] => [`${l.name} (${formatFen(l.unitFen)} × ${l.months})`, formatFen(l.amountFen)]),
          [label("subtotal"), formatFen(Number(r.subtotal_fen))],
          [label("discountAmount"), formatFen(-Number(r.discount_fen))],
          [label("depositUsed"), formatFen(-Number(r.deposit_fen))],
          ...paid,
        ],
      },
    ],
    total: [rt(lang, "tuition:bills.receipt.amountPaid"), formatFen(Number(r.amount_fen))],
    footer: `${kindergarten} · ${title} ${r.id}`,
  });
}

/** One employee's pay slip in the reader's language: portrait A5, the amounts as the screen shows them (¥1,234.50). */
export function payslipPdf(
  lang: Lang,
  p: { kindergarten: string; month: string; name: string; phone: string; base: number; allowances: number; deductions: number; net: number },
): Promise<Buffer> {
  const label = (k: string) => rt(lang, `tuition:payrolls.fields.${k}`);
  const title = rt(lang, "tuition:payrolls.slipTitle", { month: p.month });
  return slipPdf({
    heading: p.kindergarten,
    title,
    sections: [
      {
        rows: [
          [label("staffName"), p.name],
          [label("staffPhone"), p.phone],
        ],
      },
      {
        title: rt(lang, "tuition:payrolls.slipAmount"),
        rows: [
          [label("base"), formatFen(p.base)],
          [label("allowances"), formatFen(p.allowances)],
          [label("deductions"), formatFen(-p.deductions)],
        ],
      },
    ],
    total: [label("net"), formatFen(p.net)],
    footer: `${p.kindergarten} · ${title}`,
  });
}
