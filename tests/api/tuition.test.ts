import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@api/config";
import { setPaymentsPublicBase, signLocal } from "@api/services/payments";
import { download, phoneOf, startTestApi, type TestApi } from "./helpers";
import { pdfPageSizes, pdfText } from "./pdf-text";

/**
 * Tuition and finance and assessment (issue 14), SQLite and PostgreSQL (TEST_DATABASE=postgres): money against worked
 * examples, bills' state table and who moves it, the parent's reach, the payment callback (good, bad signature, wrong
 * amount, repeated), the deposit race, refund messages, payroll slip, fee totals, assessments.
 */
let t: TestApi;
const tk: Record<string, string> = {};
const db = () => t.api.handle.db;

beforeAll(async () => {
  t = await startTestApi();
  setPaymentsPublicBase(t.url.endsWith("/") ? t.url : `${t.url}/`);
  for (const [k, p] of Object.entries({ fin: 14, parent: 4, teacher: 3, principal: 1, expert: 2, admin6: 6, admin5: 5 })) tk[k] = await t.token(phoneOf(p));
}, 90000);
afterAll(async () => {
  await t?.close();
});

async function notify(provider: "wechat" | "alipay", fields: Record<string, string>, sign?: string) {
  const f = { ...fields, sign: sign ?? signLocal(t.api.deps.config.payments.localSecret, provider, fields) };
  const res = await fetch(new URL(`payments/notify/${provider}/`, t.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(f).toString(),
  });
  return (await res.json()) as { outcome: string };
}

describe("templates and bills", () => {
  let generatedId = 0;
  let templateId = 0;
  let classId = 0;
  it("section 5: payment item names and values cannot be empty (422 per field, nothing stored)", async () => {
    const before = await db()
      .selectFrom("tuition_templates")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const r = await t.call("POST", "tuition/templates/", {
      token: tk.fin,
      form: { name: "测试", level: "senior", period: "term", items: "保育费=\n伙食费=450" },
      lang: "en",
    });
    expect(r.code).toBe(422);
    expect(r.data.errors.items[0]).toBe("Payment item values cannot be empty");
    const r2 = await t.call("POST", "tuition/templates/", { token: tk.fin, form: { name: "测试", level: "senior", period: "term", items: "=450" } });
    expect(r2.data.errors.items[0]).toBe("缴费项目名称不能为空");
    const after = await db()
      .selectFrom("tuition_templates")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
  it("a year template: 10 months of the monthly items", async () => {
    const cls = await db()
      .selectFrom("classes")
      .select(["id", "level"])
      .where("kindergarten_id", "=", 1)
      .where("level", "=", "senior")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    classId = Number(cls.id);
    const r = await t.call("POST", "tuition/templates/", {
      token: tk.fin,
      form: { name: "大班学年", level: "senior", period: "year", items: "保育费=3000\n伙食费=450.50\n校车费（10-20公里）=350" },
    });
    expect(r.code, JSON.stringify(r)).toBe(200);
    templateId = r.data.id;
    expect(r.data.monthlyFen).toBe(380050);
    expect(r.data.billText).toBe("¥38,005.00");
  });
  it("generates a class's bills with a discount: every bill reproduces from its lines", async () => {
    const refused = await t.call("POST", "tuition/bills/generate/", { token: tk.parent, form: { classId, templateId } });
    expect(refused.code).toBe(403);
    const bad = await t.call("POST", "tuition/bills/generate/", { token: tk.fin, form: { classId, templateId, discount: 101 } });
    expect(bad.code).toBe(422);
    const r = await t.call("POST", "tuition/bills/generate/", { token: tk.fin, form: { classId, templateId, discount: 15, title: "2026学年" } });
    expect(r.code, JSON.stringify(r)).toBe(200);
    const n = await db()
      .selectFrom("students")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("class_id", "=", classId)
      .where("status", "=", "at_school")
      .executeTakeFirstOrThrow();
    expect(r.data.count).toBe(Number(n.n));
    const bill = await t.call("GET", `tuition/bills/${r.data.ids[0]}/`, { token: tk.fin });
    // 380050 × 10 = 3800500; × 85 / 100 = 3230425
    expect(bill.data.subtotalFen).toBe(3800500);
    expect(bill.data.amountFen).toBe(3230425);
    expect(bill.data.discountFen).toBe(570075);
    expect(bill.data.status).toBe("unannounced");
    // Line amounts read like the totals: 300000 × 10 months.
    expect(bill.data.lines).toContain("保育费: ¥3,000.00 × 10 = ¥30,000.00");
    generatedId = r.data.ids[0];
  });
  it("exports give yuan with two decimals as the screen shows, the payment period and the due date", async () => {
    await db().updateTable("tuition_bills").set({ due_date: "2026-03-31" }).where("id", "=", generatedId).execute();
    // Both files first: loading exceljs takes seconds on a busy machine, and a kept-alive socket may close meanwhile.
    const { res, buf } = await download(t.url, "tuition/bills/export/", tk.fin, { keyword: "2026学年" });
    const csv = await download(t.url, "tuition/bills/export/", tk.fin, { keyword: "2026学年", format: "csv" });
    expect(res.status).toBe(200);
    const { default: ExcelJS } = await import("exceljs");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(["编号", "账单名称", "幼儿", "班级", "缴费周期", "合计", "优惠", "预存抵扣", "应缴金额", "状态", "缴费截止日"]);
    const row = [...Array(ws.rowCount).keys()].map((i) => ws.getRow(i + 1)).find((r) => r.getCell(1).value === generatedId)!;
    const col = (label: string) => row.getCell(header.indexOf(label) + 1);
    expect(col("合计").value).toBe(38005); // a number of yuan, to sum
    expect(col("合计").numFmt).toBe('"¥"#,##0.00'); // shown ¥38,005.00
    expect(col("应缴金额").value).toBe(32304.25);
    expect(col("缴费周期").value).toBe("按学年（10个月）");
    expect(col("缴费截止日").value).toBe("2026-03-31");
    const line = csv.buf
      .toString("utf8")
      .split("\r\n")
      .find((l) => l.startsWith(`${generatedId},`))!;
    expect(line).toContain(",38005.00,5700.75,0.00,32304.25,");
  });
});

describe("bill states, the parent and the payment callback", () => {
  let billId = 0;
  let amount = 0;
  it("the parent sees only his children's bills", async () => {
    const mine = await db().selectFrom("student_parents").select("student_id").where("parent_id", "=", 4).execute();
    const ids = mine.map((m) => Number(m.student_id));
    const r = await t.call("GET", "tuition/bills/", { token: tk.parent, query: { pageSize: 100 } });
    expect(r.code).toBe(200);
    expect(r.data.total).toBeGreaterThan(0);
    for (const b of r.data.list) expect(ids).toContain(b.studentId);
    const other = await db()
      .selectFrom("tuition_bills")
      .select("id")
      .where("student_id", "not in", ids)
      .where("kindergarten_id", "=", 1)
      .executeTakeFirstOrThrow();
    expect((await t.call("GET", `tuition/bills/${other.id}/`, { token: tk.parent })).code).toBe(404);
    const announced = r.data.list.find((b: { status: string }) => b.status === "announced");
    billId = announced.id;
    amount = announced.amountFen;
    expect(announced.actions.pay).toBe(true);
    // 去缴费 is the parent's step: finance is neither offered it nor allowed it, and the bill stays where it was.
    const asFinance = await t.call("GET", `tuition/bills/${billId}/`, { token: tk.fin });
    expect(asFinance.data.actions.pay).toBeFalsy();
    expect(asFinance.data.actions.markPaid).toBe(true);
    expect((await t.call("POST", `tuition/bills/${billId}/pay/`, { token: tk.fin })).code).toBe(403);
    expect((await t.call("GET", `tuition/bills/${billId}/`, { token: tk.fin })).data.status).toBe("announced");
    // A parent changes nothing else.
    expect((await t.call("POST", `tuition/bills/${billId}/confirm/`, { token: tk.parent })).code).toBe(403);
    expect((await t.call("DELETE", `tuition/bills/${billId}/`, { token: tk.parent })).code).toBe(403);
  });
  it("QR: only for a pending bill, SVG from the server", async () => {
    expect((await t.call("GET", `tuition/bills/${billId}/qr/`, { token: tk.parent, query: { provider: "alipay" } })).code).toBe(409);
    const pay = await t.call("POST", `tuition/bills/${billId}/pay/`, { token: tk.parent });
    expect(pay.code, JSON.stringify(pay)).toBe(200);
    const qr = await t.call("GET", `tuition/bills/${billId}/qr/`, { token: tk.parent, query: { provider: "alipay" } });
    expect(qr.code, JSON.stringify(qr)).toBe(200);
    expect(qr.data.svg).toContain("<svg");
    expect(qr.data.amountFen).toBe(amount);
    expect(qr.data.qrText).toContain(`payments/local/alipay/checkout/${qr.data.orderNo}`);
    // The same order is reused.
    const again = await t.call("GET", `tuition/bills/${billId}/qr/`, { token: tk.parent, query: { provider: "alipay" } });
    expect(again.data.orderNo).toBe(qr.data.orderNo);
    expect((await t.call("GET", `tuition/bills/${billId}/qr/`, { token: tk.fin, query: { provider: "alipay" } })).code).toBe(403);
    expect((await t.call("GET", `tuition/bills/${billId}/qr/`, { token: tk.parent, query: { provider: "paypal" } })).code).toBe(422);
  });
  it("provider failure: 502 with the QR failure message", async () => {
    process.env.PAYMENTS_FAIL = "wechat";
    try {
      const r = await t.call("GET", `tuition/bills/${billId}/qr/`, { token: tk.parent, query: { provider: "wechat" }, lang: "en" });
      expect(r.code).toBe(502);
      expect(r.msg).toBe("The QR code failed to load");
    } finally {
      delete process.env.PAYMENTS_FAIL;
    }
  });
  it("callbacks: a bad signature, a wrong amount change nothing; a good one marks paid awaiting confirmation once", async () => {
    const order = await db().selectFrom("payment_orders").selectAll().where("bill_id", "=", billId).where("provider", "=", "alipay").executeTakeFirstOrThrow();
    const fields = { notifyId: "NTEST1", orderNo: order.order_no, amountFen: String(amount), paidAt: "2026-01-20T10:00:00.000Z" };
    const fees = async () =>
      Number(
        (
          await db()
            .selectFrom("fee_records")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("bill_id", "=", billId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const state = async () => (await db().selectFrom("tuition_bills").select("status").where("id", "=", billId).executeTakeFirstOrThrow()).status;

    expect((await notify("alipay", fields, "0".repeat(64))).outcome).toBe("badSignature");
    expect((await notify("wechat", fields)).outcome).toBe("unknownOrder"); // signed for another provider's order
    expect((await notify("alipay", { ...fields, notifyId: "NTEST0", amountFen: String(amount - 1) })).outcome).toBe("wrongAmount");
    expect(await state()).toBe("pending");
    expect(await fees()).toBe(0);

    expect((await notify("alipay", fields)).outcome).toBe("paid");
    expect(await state()).toBe("paidUnconfirmed");
    expect(await fees()).toBe(1);
    expect((await notify("alipay", fields)).outcome).toBe("duplicate");
    expect((await notify("alipay", { ...fields, notifyId: "NTEST2" })).outcome).toBe("duplicate");
    expect(await fees()).toBe(1);
    const fee = await db().selectFrom("fee_records").selectAll().where("bill_id", "=", billId).executeTakeFirstOrThrow();
    expect(Number(fee.amount_fen)).toBe(amount);
    expect(fee.channel).toBe("alipay");

    // Finance confirms; the history names who moved each step.
    const c = await t.call("POST", `tuition/bills/${billId}/confirm/`, { token: tk.fin });
    expect(c.code, JSON.stringify(c)).toBe(200);
    const item = await t.call("GET", `tuition/bills/${billId}/`, { token: tk.fin });
    expect(item.data.status).toBe("paid");
    const hist = item.data.history.map((h: { action: string; to: string; by: number | null }) => [h.action, h.to, h.by]);
    expect(hist).toEqual([
      ["pay", "pending", 4],
      ["markPaid", "paidUnconfirmed", null],
      ["confirm", "paid", 14],
    ]);
  });
  it("receipt PDF of a paid bill: the parent and finance download it, others are refused", async () => {
    const receipt = (token: string, lang = "zh", id = billId) => fetch(new URL(`tuition/bills/${id}/receipt/`, t.url), { headers: { token, lang } });
    const bill = (await t.call("GET", `tuition/bills/${billId}/`, { token: tk.parent })).data;
    for (const token of [tk.parent, tk.fin]) {
      const res = await receipt(token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.length).toBeLessThan(200_000);
      expect(pdfPageSizes(pdf)).toEqual([[419.53, 595.28]]); // portrait A5
      const text = pdfText(pdf);
      for (const s of ["缴费收据", bill.studentName, bill.title, "实缴金额", bill.amountText, "支付宝", `收据编号`]) expect(text, s).toContain(s);
    }
    const en = pdfText(Buffer.from(await (await receipt(tk.parent, "en")).arrayBuffer()));
    for (const s of ["Payment receipt", "Amount paid", bill.amountText, "Alipay"]) expect(en, s).toContain(s);
    for (const token of [tk.teacher, tk.principal]) expect((await receipt(token)).status).toBe(403);
    const unpaid = await db()
      .selectFrom("tuition_bills")
      .select("id")
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "unannounced")
      .executeTakeFirstOrThrow();
    const res = await receipt(tk.fin, "en", Number(unpaid.id));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { msg: string }).msg).toBe("The bill is not paid yet, so there is no receipt");
  });
  it("the stand-in checkout pays through the same signed callback", async () => {
    const b = await db()
      .selectFrom("tuition_bills")
      .select(["id", "amount_fen"])
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "announced")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db().updateTable("tuition_bills").set({ status: "pending" }).where("id", "=", b.id).execute();
    const parentOf = await db().selectFrom("tuition_bills").select("student_id").where("id", "=", b.id).executeTakeFirstOrThrow();
    await db()
      .insertInto("student_parents")
      .values({ student_id: parentOf.student_id, parent_id: 4, relationship: "father" })
      .onConflict((oc) => oc.columns(["student_id", "parent_id"]).doNothing())
      .execute();
    const qr = await t.call("GET", `tuition/bills/${b.id}/qr/`, { token: tk.parent, query: { provider: "wechat" } });
    expect(qr.code).toBe(200);
    const page = await fetch(qr.data.qrText);
    expect(await page.text()).toContain(`¥`);
    // Without the QR code's token (or with another order's) the stand-in shows and pays nothing.
    const bare = qr.data.qrText.replace(/\?t=.*$/, "");
    expect(bare).not.toBe(qr.data.qrText);
    expect((await fetch(bare)).status).toBe(404);
    expect((await fetch(bare, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${bare}?t=${"0".repeat(32)}`, { method: "POST" })).status).toBe(404);
    expect((await db().selectFrom("tuition_bills").select("status").where("id", "=", b.id).executeTakeFirstOrThrow()).status).toBe("pending");
    const paid = await (await fetch(qr.data.qrText, { method: "POST" })).text();
    expect(paid).toContain("paid");
    expect((await db().selectFrom("tuition_bills").select("status").where("id", "=", b.id).executeTakeFirstOrThrow()).status).toBe("paidUnconfirmed");
  });
  it("state table: finance announces, withdraws, records an offline payment (comment required), confirms; wrong states 409", async () => {
    const b = await db()
      .selectFrom("tuition_bills")
      .select(["id"])
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "unannounced")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const id = Number(b.id);
    expect((await t.call("POST", `tuition/bills/${id}/confirm/`, { token: tk.fin })).code).toBe(409);
    expect((await t.call("POST", `tuition/bills/${id}/announce/`, { token: tk.fin })).code).toBe(200);
    expect((await t.call("PUT", `tuition/bills/${id}/`, { token: tk.fin, form: { studentId: 1, templateId: 1 } })).code).toBe(409);
    expect((await t.call("POST", `tuition/bills/${id}/withdraw/`, { token: tk.fin })).code).toBe(200);
    expect((await t.call("POST", `tuition/bills/${id}/announce/`, { token: tk.fin })).code).toBe(200);
    expect((await t.call("POST", `tuition/bills/${id}/markPaid/`, { token: tk.fin, form: { comment: "现金" } })).code).toBe(200);
    expect((await t.call("POST", `tuition/bills/${id}/markPaid/`, { token: tk.fin, form: { comment: "again" } })).code).toBe(409);
    expect((await t.call("POST", `tuition/bills/${id}/confirm/`, { token: tk.fin })).code).toBe(200);
    expect((await t.call("POST", `tuition/bills/${id}/announce/`, { token: tk.fin })).code).toBe(409);
  });
});

describe("online payment is off unless configured (issue 25, item 4)", () => {
  const OLD_PUBLIC_KEY = "local-alipay-stand-in-secret";
  const oldSign = (fields: Record<string, string>) =>
    createHmac("sha256", OLD_PUBLIC_KEY)
      .update(["notifyId", "orderNo", "amountFen", "paidAt"].map((k) => `${k}=${fields[k] ?? ""}`).join("&"))
      .digest("hex");

  it("the default of npm start and production is off; PAYMENTS=local keeps a random per-installation key, owner-only", () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).payments).toEqual({ mode: "off", localSecret: "" });
    expect(() => loadConfig({ PAYMENTS: "yes" } as unknown as NodeJS.ProcessEnv)).toThrow(/PAYMENTS must be off, local or live/);
    const dir = mkdtempSync(join(tmpdir(), "kg-pay-"));
    try {
      const env = { PAYMENTS: "local", UPLOAD_DIR: join(dir, "uploads") } as unknown as NodeJS.ProcessEnv;
      const first = loadConfig(env).payments;
      expect(first.mode).toBe("local");
      expect(first.localSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(join(dir, "payment-secret"), "utf8").trim()).toBe(first.localSecret);
      expect(statSync(join(dir, "payment-secret")).mode & 0o777).toBe(0o600);
      expect(loadConfig(env).payments.localSecret).toBe(first.localSecret); // kept across restarts
      expect(loadConfig({ ...env, PAYMENT_SECRET: "from-the-environment" }).payments.localSecret).toBe("from-the-environment");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("off: paying online says it is not set up (zh/en), no order is made, no notification is accepted; finance still marks bills paid", async () => {
    const off = await startTestApi({ payments: { mode: "off", localSecret: "" } });
    try {
      const [parent, fin] = [await off.token(phoneOf(4)), await off.token(phoneOf(14))];
      const offDb = off.api.handle.db;
      const bill = await offDb
        .selectFrom("tuition_bills as b")
        .innerJoin("student_parents as sp", "sp.student_id", "b.student_id")
        .select(["b.id", "b.amount_fen"])
        .where("sp.parent_id", "=", 4)
        .where("b.status", "=", "announced")
        .orderBy("b.id")
        .executeTakeFirst();
      const id = Number(bill?.id ?? 0);
      if (!bill) throw new Error("no announced bill of parent 4 in the demo data");
      expect((await off.call("POST", `tuition/bills/${id}/pay/`, { token: parent })).code).toBe(200);
      const zh = await off.call("GET", `tuition/bills/${id}/qr/`, { token: parent, query: { provider: "wechat" } });
      expect([zh.status, zh.code, zh.msg]).toEqual([503, 503, "本园尚未开通在线支付，请到园所财务处缴费，由财务标记为已缴。"]);
      const en = await off.call("GET", `tuition/bills/${id}/qr/`, { token: parent, query: { provider: "alipay" }, lang: "en" });
      expect(en.msg).toBe("Online payment is not set up: please pay the kindergarten's finance office, which marks the bill paid.");
      expect(await offDb.selectFrom("payment_orders").select("id").where("bill_id", "=", id).execute()).toEqual([]);

      // A notification signed with the old public constant (or anything else) for a real order changes nothing.
      const orderNo = `KG${id}AFORGED`;
      await offDb
        .insertInto("payment_orders")
        .values({
          bill_id: id,
          kindergarten_id: 1,
          provider: "alipay",
          order_no: orderNo,
          amount_fen: Number(bill.amount_fen),
          status: "open",
          created_by: 4,
          created_at: new Date().toISOString(),
          paid_at: null,
        })
        .execute();
      const fields = { notifyId: "NFORGED", orderNo, amountFen: String(bill.amount_fen), paidAt: new Date().toISOString() };
      const forged = await fetch(new URL("payments/notify/alipay/", off.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...fields, sign: oldSign(fields) }).toString(),
      });
      expect(forged.status).toBe(404);
      const checkout = await fetch(new URL(`payments/local/alipay/checkout/${orderNo}/`, off.url), { method: "POST" });
      expect(checkout.status).toBe(404);
      const state = async () => (await offDb.selectFrom("tuition_bills").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
      expect(await state()).toBe("pending");

      // Finance records the payment made at the office.
      expect((await off.call("POST", `tuition/bills/${id}/markPaid/`, { token: fin, form: { comment: "现金" } })).code).toBe(200);
      expect(await state()).toBe("paidUnconfirmed");
    } finally {
      await off.close();
    }
  });

  it("local: a notification signed with the old public constant is refused (the key is the installation's own)", async () => {
    const order = await db().selectFrom("payment_orders").selectAll().where("status", "=", "open").where("provider", "=", "alipay").executeTakeFirst();
    const fields = { notifyId: "NOLDKEY", orderNo: order?.order_no ?? "KG0ANONE", amountFen: String(order?.amount_fen ?? 1), paidAt: new Date().toISOString() };
    expect((await notify("alipay", fields, oldSign(fields))).outcome).toBe("badSignature");
  });
});

describe("fee records sum to the bills", () => {
  it("payments of a kindergarten = the amounts of its paid bills (seed + this run)", async () => {
    const paid = await db()
      .selectFrom("tuition_bills")
      .select((eb) => eb.fn.sum<number>("amount_fen").as("s"))
      .where("kindergarten_id", "=", 1)
      .where("status", "in", ["paid", "paidUnconfirmed"])
      .executeTakeFirstOrThrow();
    const r = await t.call("GET", "tuition/fee/", { token: tk.fin, query: { pageSize: 10000, kind: "payment" } });
    const sum = r.data.list.filter((f: { channel: string }) => f.channel !== "deposit").reduce((a: number, f: { amountFen: number }) => a + f.amountFen, 0);
    const deposits = r.data.list
      .filter((f: { channel: string }) => f.channel === "deposit")
      .reduce((a: number, f: { amountFen: number }) => a + f.amountFen, 0);
    expect(sum + deposits).toBe(Number(paid.s) + deposits);
    expect(sum).toBe(Number(paid.s));
  });
  it("a refund cannot exceed what was paid", async () => {
    const f = await db()
      .selectFrom("fee_records")
      .select(["bill_id", "amount_fen"])
      .where("kindergarten_id", "=", 1)
      .where("kind", "=", "payment")
      .where("bill_id", "is not", null)
      .executeTakeFirstOrThrow();
    const too = await t.call("POST", "tuition/fee/", {
      token: tk.fin,
      form: { billId: f.bill_id!, kind: "refund", channel: "cash", amount: ((Number(f.amount_fen) + 1) / 100).toFixed(2), occurredOn: "2026-01-20" },
    });
    expect(too.code).toBe(422);
    const ok = await t.call("POST", "tuition/fee/", {
      token: tk.fin,
      form: { billId: f.bill_id!, kind: "refund", channel: "cash", amount: "100.00", occurredOn: "2026-01-20" },
    });
    expect(ok.code, JSON.stringify(ok)).toBe(200);
    expect(ok.data.amountFen).toBe(10000);
  });
});

describe("deposit", () => {
  it("never negative: of two concurrent uses of the whole balance exactly one wins", async () => {
    const s = await db()
      .selectFrom("students")
      .select("id")
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "at_school")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const add = await t.call("POST", "tuition/deposits/", { token: tk.fin, form: { studentId: s.id, kind: "deposit", amount: "500.00" } });
    expect(add.code, JSON.stringify(add)).toBe(200);
    expect(add.data.balanceFen).toBe(50000);
    const both = await Promise.all(
      [1, 2].map(() => t.call("POST", "tuition/deposits/", { token: tk.fin, form: { studentId: s.id, kind: "use", amount: "500.00" } })),
    );
    expect(both.map((r) => r.code).sort()).toEqual([200, 422]);
    const bal = await db().selectFrom("deposit_balances").select("balance_fen").where("student_id", "=", s.id).executeTakeFirstOrThrow();
    expect(Number(bal.balance_fen)).toBe(0);
    const over = await t.call("POST", "tuition/deposits/", { token: tk.fin, form: { studentId: s.id, kind: "refund", amount: "0.01" }, lang: "en" });
    expect(over.code).toBe(422);
    expect(over.data.errors.amount[0]).toBe("Not enough deposit: the balance is ¥0.00");
  });
  it("a bill using the deposit takes it; deleting the bill gives it back", async () => {
    const s = await db()
      .selectFrom("students as s")
      .innerJoin("classes as c", "c.id", "s.class_id")
      .select(["s.id", "c.level"])
      .where("s.kindergarten_id", "=", 1)
      .where("s.status", "=", "at_school")
      .orderBy("s.id", "desc")
      .limit(1)
      .offset(1)
      .executeTakeFirstOrThrow();
    await t.call("POST", "tuition/deposits/", { token: tk.fin, form: { studentId: s.id, kind: "deposit", amount: "1000.00" } });
    const tpl = await db()
      .selectFrom("tuition_templates")
      .select("id")
      .where("kindergarten_id", "=", 1)
      .where("level", "=", s.level)
      .where("period", "=", "month")
      .executeTakeFirstOrThrow();
    const b = await t.call("POST", "tuition/bills/", { token: tk.fin, form: { studentId: s.id, templateId: tpl.id, useDeposit: "on", discount: 0 } });
    expect(b.code, JSON.stringify(b)).toBe(200);
    expect(b.data.depositFen).toBe(100000);
    expect(b.data.amountFen).toBe(b.data.subtotalFen - 100000);
    const bal = async () =>
      Number((await db().selectFrom("deposit_balances").select("balance_fen").where("student_id", "=", s.id).executeTakeFirstOrThrow()).balance_fen);
    expect(await bal()).toBe(0);
    expect((await t.call("DELETE", `tuition/bills/${b.data.id}/`, { token: tk.fin })).code).toBe(200);
    expect(await bal()).toBe(100000);
  });
});

describe("refund calculations", () => {
  it("section 5's messages", async () => {
    const r = await t.call("POST", "tuition/refund_calculations/", { token: tk.fin, form: { name: "x", price: "0" }, lang: "en" });
    expect(r.code).toBe(422);
    const e = r.data.errors;
    expect(e.method[0]).toBe("Refund method is required");
    expect(e.rounding[0]).toBe("Rounding method is required");
    expect(e.price[0]).toBe("The refund price must be greater than zero");
    expect(e.monthDays[0]).toBe("Fill in the days of each month");
    expect(e.itemNames[0]).toBe("Add payment items");
  });
  it("days setup complete: lines reproduce the total", async () => {
    const r = await t.call("POST", "tuition/refund_calculations/", {
      token: tk.fin,
      lang: "en",
      form: {
        name: "病假",
        method: "days",
        basis: "monthly",
        price: "2800",
        rounding: "up",
        monthDays: "2026-01=17\n2026-02=15",
        absence: "2026-01=7\n2026-02=15",
        itemNames: "保育费",
      },
    });
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(r.msg).toBe("Days setup complete; the refund is calculated");
    // 280000 × 7 / 17 = 115294.1 → up 115295; 280000 × 15 / 15 = 280000
    expect(r.data.totalFen).toBe(395295);
    expect(r.data.lines).toContain("2026-01: 2800.00 × 7 / 17 = 1152.95");
  });
});

describe("payrolls", () => {
  it("net = base + allowances − deductions; slip as PDF; never negative", async () => {
    const r = await t.call("POST", "tuition/payrolls/", {
      token: tk.fin,
      form: { month: "2026-02", staffName: "Li Na", staffPhone: "13912399999", base: "5200", allowances: "600.5", deductions: "315.25" },
    });
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(r.data.netFen).toBe(548525);
    const neg = await t.call("POST", "tuition/payrolls/", {
      token: tk.fin,
      form: { month: "2026-02", staffName: "x", staffPhone: "13912399998", base: "1", deductions: "2" },
    });
    expect(neg.code).toBe(422);
    const res = await fetch(new URL(`tuition/payrolls/${r.data.id}/slip/`, t.url), { headers: { token: tk.fin } });
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.subarray(0, 5).toString()).toBe("%PDF-");
    // Portrait A5 with an embedded subset of Noto Sans SC: even spacing, "·" and "¥" print, a small file.
    const zh = await t.call("POST", "tuition/payrolls/", {
      token: tk.fin,
      form: { month: "2026-03", staffName: "李娜", staffPhone: "13912399997", base: "5200", allowances: "1234.5" },
    });
    const slip = async (lang: string) =>
      Buffer.from(await (await fetch(new URL(`tuition/payrolls/${zh.data.id}/slip/`, t.url), { headers: { token: tk.fin, lang } })).arrayBuffer());
    const [zhSlip, enSlip] = [await slip("zh"), await slip("en")];
    for (const pdf of [zhSlip, enSlip]) {
      expect(pdf.length).toBeLessThan(200_000);
      expect(pdfPageSizes(pdf)).toEqual([[419.53, 595.28]]);
      expect(pdf.toString("latin1")).toMatch(/\/FontFile2 \d+ 0 R/);
      expect(pdf.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/); // a subset
    }
    const zhText = pdfText(zhSlip);
    for (const text of ["2026-03 工资条", "李娜", "基本工资", "¥5,200.00", "¥1,234.50", "实发工资", "¥6,434.50", " · "]) expect(zhText, text).toContain(text);
    const enText = pdfText(enSlip);
    for (const text of ["Pay slip 2026-03", "李娜", "Base pay", "Allowances", "Net pay", "¥6,434.50"]) expect(enText, text).toContain(text);
    const other = await fetch(new URL(`tuition/payrolls/${r.data.id}/slip/`, t.url), { headers: { token: tk.parent } });
    expect(other.status).toBe(403);
  });
});

describe("reconciliation", () => {
  it("pending by admission → pending by financial → done; differences listed", async () => {
    const r = await t.call("POST", "tuition/reconciliations/", {
      token: tk.fin,
      form: { month: "2026-03", admission: "100.00", admissionLines: "王小明=100" },
    });
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(r.data.status).toBe("pendingAdmission");
    expect(r.data.differenceFen).toBe(10000);
    // Both figures are shown alike: the admission figure formatted as the finance one.
    expect(r.data.admission).toBe("100.00");
    expect(r.data.admissionText).toBe(r.data.differenceText);
    expect(r.data.admissionText).toMatch(/^¥100\.00$/);
    expect(r.data.differences).toContain("王小明: 100.00 − 0.00 = 100.00");
    expect((await t.call("POST", `tuition/reconciliations/${r.data.id}/financeConfirm/`, { token: tk.fin })).code).toBe(409);
    expect((await t.call("POST", `tuition/reconciliations/${r.data.id}/admissionConfirm/`, { token: tk.fin })).code).toBe(200);
    expect((await t.call("POST", `tuition/reconciliations/${r.data.id}/financeConfirm/`, { token: tk.fin })).code).toBe(200);
    expect((await t.call("DELETE", `tuition/reconciliations/${r.data.id}/`, { token: tk.fin })).code).toBe(409);
  });
});

describe("assessment", () => {
  it("the checklist's score totals per class level and time are the sums of its items' maximum scores", async () => {
    const r = await t.call("GET", "assessment/checklists/totals/", { token: tk.admin6 });
    expect(r.code).toBe(200);
    const expected = await db()
      .selectFrom("assessment_items as ai")
      .innerJoin("assessment_objectives as ao", "ao.id", "ai.objective_id")
      .select(["ao.level", "ai.time", "ai.max_score"])
      .execute();
    for (const x of r.data.list as { level: string; time: string; total: number; items: number }[]) {
      const mine = expected.filter((e) => e.level === x.level && e.time === x.time);
      expect(x.items).toBe(mine.length);
      expect(x.total).toBe(mine.reduce((a, e) => a + Number(e.max_score), 0));
    }
    expect(r.data.list.length).toBeGreaterThan(0);
  });
  it("the super admin builds the framework; others may not", async () => {
    const c = await t.call("POST", "assessment/categories/", { token: tk.admin6, form: { name: "艺术", nameEn: "Arts", sort: 9 } });
    expect(c.code).toBe(200);
    const o = await t.call("POST", "assessment/objectives/", { token: tk.admin6, form: { categoryId: c.data.id, name: "感受与欣赏", level: "senior" } });
    expect(o.code).toBe(200);
    const i = await t.call("POST", "assessment/checklists/", {
      token: tk.admin6,
      form: { objectiveId: o.data.id, time: "end", content: "喜欢唱歌", maxScore: 5 },
    });
    expect(i.code).toBe(200);
    expect((await t.call("POST", "assessment/categories/", { token: tk.admin5, form: { name: "x" } })).code).toBe(403);
    expect((await t.call("DELETE", `assessment/categories/${c.data.id}/`, { token: tk.admin6 })).code).toBe(409);
    const totals = await t.call("GET", "assessment/checklists/totals/", { token: tk.admin6 });
    expect(totals.data.list.find((x: { level: string; time: string }) => x.level === "senior" && x.time === "end").total).toBe(50);
  });
  it("the teacher scores her class's child; scores out of range 422; principal and expert read", async () => {
    const cls = await db().selectFrom("class_teachers").select("class_id").where("user_id", "=", 3).executeTakeFirstOrThrow();
    const s = await db().selectFrom("students").select("id").where("class_id", "=", cls.class_id).orderBy("id").executeTakeFirstOrThrow();
    const created = await t.call("POST", "student/assessments/", { token: tk.teacher, form: { studentId: s.id, schoolYear: "2025-2026", time: "end" } });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const dup = await t.call("POST", "student/assessments/", { token: tk.teacher, form: { studentId: s.id, schoolYear: "2025-2026", time: "end" } });
    expect(dup.code).toBe(422);
    const sheet = await t.call("GET", `student/assessments/${created.data.id}/sheet/`, { token: tk.teacher });
    expect(sheet.code).toBe(200);
    const items = sheet.data.items as { id: number; maxScore: number }[];
    expect(items.length).toBeGreaterThan(0);
    const bad = await t.call("POST", `student/assessments/${created.data.id}/scores/`, {
      token: tk.teacher,
      form: { [`score_${items[0]!.id}`]: items[0]!.maxScore + 1 },
    });
    expect(bad.code).toBe(422);
    const form = Object.fromEntries(items.map((i) => [`score_${i.id}`, i.maxScore]));
    const saved = await t.call("POST", `student/assessments/${created.data.id}/scores/`, { token: tk.teacher, form });
    expect(saved.data.totalScore).toBe(items.reduce((a, i) => a + i.maxScore, 0));
    // The list and the detail count the scored items (已评项数) against the level's items and maximum.
    const half = Object.fromEntries(items.slice(0, Math.ceil(items.length / 2)).map((i) => [`score_${i.id}`, 1]));
    await t.call("POST", `student/assessments/${created.data.id}/scores/`, { token: tk.teacher, form: half });
    const row = (await t.call("GET", "student/assessments/", { token: tk.teacher, query: { studentId: s.id, time: "end", pageSize: 10 } })).data.list[0];
    expect(row).toMatchObject({ scored: Object.keys(half).length, itemCount: items.length, maxScore: items.reduce((a, i) => a + i.maxScore, 0) });
    expect((await t.call("GET", `student/assessments/${created.data.id}/`, { token: tk.teacher })).data.scored).toBe(Object.keys(half).length);
    expect((await t.call("POST", `student/assessments/${created.data.id}/scores/`, { token: tk.principal, form })).code).toBe(403);
    const read = await t.call("GET", `student/assessments/${created.data.id}/sheet/`, { token: tk.principal });
    expect(read.data.progress.map((p: { time: string }) => p.time)).toEqual(["beginning", "middle", "end"]);
    const sum = await t.call("GET", "student/assessments/summary/", { token: tk.expert });
    expect(sum.code).toBe(200);
    // Another teacher's child: 404.
    const other = await db()
      .selectFrom("student_assessments")
      .select("id")
      .where("class_id", "!=", cls.class_id)
      .where("kindergarten_id", "=", 1)
      .executeTakeFirstOrThrow();
    expect((await t.call("GET", `student/assessments/${other.id}/sheet/`, { token: tk.teacher })).code).toBe(404);
  });
});
