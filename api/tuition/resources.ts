import { sql, type Kysely, type SqlBool } from "kysely";
import { deposits, feeRecords, payrolls, reconciliations, refundCalculations, tuitionBills, tuitionTemplates } from "@contract/resources/tuition";
import {
  PERIOD_MONTHS,
  computeBill,
  computeRefund,
  fenToYuan,
  formatFen,
  itemLinesText,
  monthLinesText,
  parseItemLines,
  parseMonthLines,
  parseYuan,
  type BillLine,
  type Period,
  type PriceItem,
  type RefundLine,
} from "@contract/tuition/money";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import type { Writer } from "@api/db/audit";
import { ApiError, fieldError } from "@api/http";
import { kindergartenFilter, scoped, studentFilter, type Scope } from "@api/tenancy";
import { defineMapping, type Item } from "@api/resources/engine";
import { rt } from "@api/resources/i18n";

const json = <T>(v: unknown, fallback: T): T => {
  try {
    return v == null ? fallback : (JSON.parse(String(v)) as T);
  } catch {
    return fallback;
  }
};
const today = () => nowIso().slice(0, 10);
const trxOf = (w: Writer) => w.trx as unknown as Kysely<Database>;

// ------------------------------------------------------------------------------------------------
// Templates
// ------------------------------------------------------------------------------------------------
export const tuitionTemplatesMapping = defineMapping({
  def: tuitionTemplates,
  table: "tuition_templates",
  alias: "tt",
  from: (db) => db.selectFrom("tuition_templates as tt").innerJoin("kindergartens as k", "k.id", "tt.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "tt.id",
    name: "tt.name",
    level: "tt.level",
    period: "tt.period",
    items: "tt.items",
    monthlyFen: "tt.monthly_fen",
    kindergartenId: "tt.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  writable: { name: "name", level: "level", period: "period", items: "items", monthlyFen: "monthly_fen" },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    beforeWrite(_ctx, { values }) {
      const { items } = parseItemLines(values.items as string);
      values.items = JSON.stringify(items);
      values.monthlyFen = items.reduce((s, i) => s + i.amountFen, 0);
    },
    decorate(_db, items: Item[]) {
      for (const it of items) {
        const list = json<PriceItem[]>(it.items, []);
        it.items = itemLinesText(list);
        it.monthlyFen = Number(it.monthlyFen);
        it.monthlyText = formatFen(Number(it.monthlyFen));
        it.billText = formatFen(Number(it.monthlyFen) * PERIOD_MONTHS[it.period as Period]);
      }
    },
  },
});

// ------------------------------------------------------------------------------------------------
// Deposits: the balance row is changed by a conditional UPDATE (balance >= amount), so of two concurrent uses
// only one passes; the CHECK (balance_fen >= 0) is the last guard.
// ------------------------------------------------------------------------------------------------
export async function depositBalance(db: Kysely<Database>, studentId: number): Promise<number> {
  const r = await db.selectFrom("deposit_balances").select("balance_fen").where("student_id", "=", studentId).executeTakeFirst();
  return r ? Number(r.balance_fen) : 0;
}

/**
 * Adds (kind deposit) or takes (use/refund) `amountFen` from a child's deposit balance with one conditional UPDATE
 * (`balance_fen >= amount`): false when the balance is short, so two concurrent uses cannot both pass.
 */
export async function adjustBalance(w: Writer, p: { studentId: number; kindergartenId: number; kind: "deposit" | "use" | "refund"; amountFen: number }) {
  const db = trxOf(w);
  const delta = p.kind === "deposit" ? p.amountFen : -p.amountFen;
  if (p.kind === "deposit")
    await db
      .insertInto("deposit_balances")
      .values({ student_id: p.studentId, kindergarten_id: p.kindergartenId, balance_fen: 0, updated_at: nowIso() })
      .onConflict((oc) => oc.column("student_id").doNothing())
      .execute();
  const updated = await db
    .updateTable("deposit_balances")
    .set({ balance_fen: sql`balance_fen + ${delta}`, updated_at: nowIso() })
    .where("student_id", "=", p.studentId)
    .where("balance_fen", ">=", delta < 0 ? -delta : 0)
    .returning("balance_fen")
    .executeTakeFirst();
  if (!updated) return { ok: false, balance: await depositBalance(db, p.studentId) };
  return { ok: true, balance: Number(updated.balance_fen) };
}

/** adjustBalance plus its ledger entry (bills use the deposit through this). */
export async function moveDeposit(
  w: Writer,
  p: { studentId: number; kindergartenId: number; kind: "deposit" | "use" | "refund"; amountFen: number; billId?: number | null; remark?: string | null },
): Promise<{ ok: boolean; balance: number }> {
  const r = await adjustBalance(w, p);
  if (!r.ok) return r;
  await w.insert("deposit_entries", {
    kindergarten_id: p.kindergartenId,
    student_id: p.studentId,
    kind: p.kind,
    amount_fen: p.amountFen,
    balance_fen: r.balance,
    bill_id: p.billId ?? null,
    remark: p.remark ?? null,
    created_by: w.actor.userId,
    created_at: nowIso(),
  });
  return r;
}

export const depositsMapping = defineMapping({
  def: deposits,
  table: "deposit_entries",
  alias: "de",
  from: (db) =>
    db
      .selectFrom("deposit_entries as de")
      .innerJoin("students as s", "s.id", "de.student_id")
      .innerJoin("kindergartens as k", "k.id", "de.kindergarten_id")
      .leftJoin("classes as c", "c.id", "s.class_id"),
  english: { kindergartenName: "k.name_en", className: "c.name_en" },
  columns: {
    id: "de.id",
    studentId: "de.student_id",
    studentName: "s.name",
    className: "c.name",
    kind: "de.kind",
    amountFen: "de.amount_fen",
    balanceFen: "de.balance_fen",
    billId: "de.bill_id",
    remark: "de.remark",
    createdAt: "de.created_at",
    kindergartenId: "de.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  writable: { studentId: "student_id", kind: "kind", amount: "amount_fen", remark: "remark", balanceFen: "balance_fen", createdBy: "created_by" },
  onCreate: () => ({ created_at: nowIso() }),
  hooks: {
    // The entry is the engine's row; the balance moves first, conditionally (never below zero).
    async beforeWrite({ w, scope }, info) {
      const v = info.values;
      const student = await scoped
        .students(trxOf(w), scope)
        .select(["id", "kindergarten_id"])
        .where("id", "=", v.studentId as number)
        .executeTakeFirst();
      if (!student || Number(student.kindergarten_id) !== info.kindergartenId) throw fieldError("studentId", "tuition:errors.studentNotFound");
      const r = await adjustBalance(w, {
        studentId: Number(student.id),
        kindergartenId: Number(student.kindergarten_id),
        kind: v.kind as "deposit",
        amountFen: v.amount as number,
      });
      if (!r.ok) throw fieldError("amount", "tuition:deposit.errors.insufficient", { balance: formatFen(r.balance) });
      v.balanceFen = r.balance;
      v.createdBy = scope.userId;
    },
    decorate(_db, items: Item[]) {
      for (const it of items) {
        it.amountFen = Number(it.amountFen);
        it.balanceFen = Number(it.balanceFen);
        it.amountText = formatFen(it.kind === "deposit" ? Number(it.amountFen) : -Number(it.amountFen));
        it.balanceText = formatFen(Number(it.balanceFen));
      }
    },
  },
});

// ------------------------------------------------------------------------------------------------
// Bills
// ------------------------------------------------------------------------------------------------
/** Builds a bill row for one child from a template (the money rules of contract/tuition/money.ts). */
export async function billRow(
  w: Writer,
  p: { studentId: number; kindergartenId: number; templateId: number; discount: number; useDeposit: boolean; title?: string | null; dueDate?: string | null },
) {
  const db = trxOf(w);
  const tpl = await db
    .selectFrom("tuition_templates")
    .selectAll()
    .where("id", "=", p.templateId)
    .where("kindergarten_id", "=", p.kindergartenId)
    .executeTakeFirst();
  if (!tpl) throw fieldError("templateId", "tuition:errors.templateNotFound");
  const items = json<PriceItem[]>(tpl.items, []);
  const available = p.useDeposit ? await depositBalance(db, p.studentId) : 0;
  const b = computeBill(items, tpl.period as Period, p.discount, available);
  return {
    row: {
      kindergarten_id: p.kindergartenId,
      student_id: p.studentId,
      template_id: Number(tpl.id),
      title: p.title || tpl.name,
      period: tpl.period,
      discount: p.discount,
      use_deposit: p.useDeposit ? 1 : 0,
      lines: JSON.stringify(b.lines),
      subtotal_fen: b.subtotalFen,
      discount_fen: b.discountFen,
      deposit_fen: b.depositFen,
      amount_fen: b.amountFen,
      due_date: p.dueDate ?? null,
    },
    amounts: b,
  };
}

/** Takes the bill's deposit share from the child's deposit (inside the write); refuses when it is no longer there. */
async function takeDeposit(w: Writer, billId: number, studentId: number, kindergartenId: number, depositFen: number) {
  if (depositFen <= 0) return;
  const r = await moveDeposit(w, { studentId, kindergartenId, kind: "use", amountFen: depositFen, billId });
  if (!r.ok) throw fieldError("useDeposit", "tuition:deposit.errors.insufficient", { balance: formatFen(r.balance) });
  await w.insert("fee_records", {
    kindergarten_id: kindergartenId,
    bill_id: billId,
    student_id: studentId,
    kind: "payment",
    channel: "deposit",
    amount_fen: depositFen,
    reference: `DEP-${billId}`,
    remark: null,
    occurred_on: today(),
    created_by: w.actor.userId,
    created_at: nowIso(),
  });
}

/** Gives a deleted/changed bill's deposit share back. */
async function returnDeposit(w: Writer, bill: { id: number; studentId: number; kindergartenId: number }) {
  const db = trxOf(w);
  const used = await db.selectFrom("fee_records").select(["id", "amount_fen"]).where("bill_id", "=", bill.id).where("channel", "=", "deposit").execute();
  for (const u of used) {
    await moveDeposit(w, {
      studentId: bill.studentId,
      kindergartenId: bill.kindergartenId,
      kind: "deposit",
      amountFen: Number(u.amount_fen),
      billId: bill.id,
      remark: `#${bill.id}`,
    });
    await w.delete("fee_records", Number(u.id));
  }
}

export async function generateBills(
  w: Writer,
  scope: Scope,
  p: { classId: number; templateId: number; discount: number; useDeposit: boolean; title?: string | null; dueDate?: string | null },
): Promise<number[]> {
  const db = trxOf(w);
  const cls = await scoped.classes(db, scope).select(["id", "kindergarten_id", "level"]).where("id", "=", p.classId).executeTakeFirst();
  if (!cls) throw fieldError("classId", "tuition:errors.classNotFound");
  const tpl = await db
    .selectFrom("tuition_templates")
    .select(["id", "level"])
    .where("id", "=", p.templateId)
    .where(kindergartenFilter(scope, "tuition_templates.kindergarten_id"))
    .where("kindergarten_id", "=", Number(cls.kindergarten_id))
    .executeTakeFirst();
  if (!tpl) throw fieldError("templateId", "tuition:errors.templateNotFound");
  if (tpl.level !== cls.level) throw fieldError("templateId", "tuition:bills.errors.templateLevel");
  const students = await db.selectFrom("students").select("id").where("class_id", "=", p.classId).where("status", "=", "at_school").orderBy("id").execute();
  if (!students.length) throw fieldError("classId", "tuition:bills.errors.noStudents");
  const ids: number[] = [];
  for (const s of students) {
    const { row } = await billRow(w, { ...p, studentId: Number(s.id), kindergartenId: Number(cls.kindergarten_id) });
    const id = await w.insert("tuition_bills", {
      ...row,
      status: "unannounced",
      paid_via: null,
      created_by: scope.userId,
      created_at: nowIso(),
      updated_at: nowIso(),
    });
    await takeDeposit(w, id, Number(s.id), Number(cls.kindergarten_id), row.deposit_fen);
    ids.push(id);
  }
  return ids;
}

export const tuitionBillsMapping = defineMapping({
  def: tuitionBills,
  table: "tuition_bills",
  alias: "b",
  from: (db) =>
    db
      .selectFrom("tuition_bills as b")
      .innerJoin("students as s", "s.id", "b.student_id")
      .innerJoin("kindergartens as k", "k.id", "b.kindergarten_id")
      .leftJoin("classes as c", "c.id", "s.class_id")
      .leftJoin("tuition_templates as tt", "tt.id", "b.template_id"),
  english: { kindergartenName: "k.name_en", className: "c.name_en" },
  columns: {
    id: "b.id",
    title: "b.title",
    studentId: "b.student_id",
    studentName: "s.name",
    classId: "s.class_id",
    className: "c.name",
    templateId: "b.template_id",
    templateName: "tt.name",
    period: "b.period",
    discount: "b.discount",
    useDeposit: "b.use_deposit",
    lines: "b.lines",
    subtotalFen: "b.subtotal_fen",
    discountFen: "b.discount_fen",
    depositFen: "b.deposit_fen",
    amountFen: "b.amount_fen",
    status: "b.status",
    paidVia: "b.paid_via",
    dueDate: "b.due_date",
    createdAt: "b.created_at",
    kindergartenId: "b.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  // The parent (role 4) sees his children's bills only; finance its kindergarten's (studentFilter narrows per role).
  scopeFilter: (scope) => sql<SqlBool>`(${kindergartenFilter(scope, "b.kindergarten_id")} and ${studentFilter(scope, "b.student_id")})`,
  writable: {
    studentId: "student_id",
    templateId: "template_id",
    title: "title",
    discount: "discount",
    useDeposit: "use_deposit",
    dueDate: "due_date",
    period: "period",
    lines: "lines",
    subtotalFen: "subtotal_fen",
    discountFen: "discount_fen",
    depositFen: "deposit_fen",
    amountFen: "amount_fen",
  },
  onCreate: () => ({ status: "unannounced", created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope }, info) {
      const { values } = info;
      const db = trxOf(w);
      const student = await scoped
        .students(db, scope)
        .select(["id", "kindergarten_id"])
        .where("id", "=", values.studentId as number)
        .executeTakeFirst();
      if (!student || (info.kindergartenId != null && Number(student.kindergarten_id) !== info.kindergartenId))
        throw fieldError("studentId", "tuition:errors.studentNotFound");
      if (info.existing)
        await returnDeposit(w, { id: info.existing.id, studentId: Number(info.existing.studentId), kindergartenId: Number(student.kindergarten_id) });
      const { row } = await billRow(w, {
        studentId: Number(student.id),
        kindergartenId: Number(student.kindergarten_id),
        templateId: values.templateId as number,
        discount: (values.discount as number) ?? 0,
        useDeposit: Boolean(values.useDeposit),
        title: values.title as string | null,
        dueDate: values.dueDate as string | null,
      });
      Object.assign(values, {
        title: row.title,
        period: row.period,
        lines: row.lines,
        subtotalFen: row.subtotal_fen,
        discountFen: row.discount_fen,
        depositFen: row.deposit_fen,
        amountFen: row.amount_fen,
      });
    },
    async afterWrite({ w }, info) {
      const db = trxOf(w);
      const b = await db.selectFrom("tuition_bills").selectAll().where("id", "=", info.id).executeTakeFirstOrThrow();
      await takeDeposit(w, info.id, Number(b.student_id), Number(b.kindergarten_id), Number(b.deposit_fen));
    },
    async beforeDelete({ w }, item) {
      await returnDeposit(w, { id: item.id, studentId: Number(item.studentId), kindergartenId: Number(item.kindergartenId) });
      const db = trxOf(w);
      await db.deleteFrom("payment_orders").where("bill_id", "=", item.id).execute();
    },
    decorate(_db, items: Item[], lang) {
      for (const it of items) {
        for (const k of ["subtotalFen", "discountFen", "depositFen", "amountFen", "discount"]) it[k] = Number(it[k]);
        it.useDeposit = Boolean(Number(it.useDeposit));
        it.amountText = formatFen(Number(it.amountFen));
        const lines = json<BillLine[]>(it.lines, []);
        // Line amounts read like the totals beside them (¥1,234.50).
        it.lines = lines.map((l) => `${l.name}: ${formatFen(l.unitFen)} × ${l.months} = ${formatFen(l.amountFen)}`).join("\n");
        if (it.paidVia) it.paidVia = rt(lang, `tuition:fee.channels.${String(it.paidVia)}`);
      }
    },
  },
  actionHooks: {
    // Finance records an offline payment (the comment says how): a fee record for the amount due.
    markPaid: {
      async run({ w }, item, { comment }) {
        const db = trxOf(w);
        const b = await db.selectFrom("tuition_bills").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
        if (Number(b.amount_fen) > 0)
          await w.insert("fee_records", {
            kindergarten_id: Number(b.kindergarten_id),
            bill_id: Number(b.id),
            student_id: Number(b.student_id),
            kind: "payment",
            channel: "cash",
            amount_fen: Number(b.amount_fen),
            reference: `CASH-${b.id}`,
            remark: comment,
            occurred_on: today(),
            created_by: w.actor.userId,
            created_at: nowIso(),
          });
        await db.updateTable("payment_orders").set({ status: "closed" }).where("bill_id", "=", Number(b.id)).where("status", "=", "open").execute();
        return { patch: { paid_via: "cash", updated_at: nowIso() } };
      },
    },
  },
});

// ------------------------------------------------------------------------------------------------
// Fee records
// ------------------------------------------------------------------------------------------------
export const feeRecordsMapping = defineMapping({
  def: feeRecords,
  table: "fee_records",
  alias: "f",
  from: (db) =>
    db
      .selectFrom("fee_records as f")
      .innerJoin("students as s", "s.id", "f.student_id")
      .innerJoin("kindergartens as k", "k.id", "f.kindergarten_id")
      .leftJoin("classes as c", "c.id", "s.class_id")
      .leftJoin("tuition_bills as b", "b.id", "f.bill_id"),
  english: { kindergartenName: "k.name_en", className: "c.name_en" },
  columns: {
    id: "f.id",
    billId: "f.bill_id",
    billTitle: "b.title",
    studentId: "f.student_id",
    studentName: "s.name",
    classId: "s.class_id",
    className: "c.name",
    kind: "f.kind",
    channel: "f.channel",
    amountFen: "f.amount_fen",
    reference: "f.reference",
    remark: "f.remark",
    occurredOn: "f.occurred_on",
    kindergartenId: "f.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  writable: {
    billId: "bill_id",
    kind: "kind",
    channel: "channel",
    amount: "amount_fen",
    occurredOn: "occurred_on",
    remark: "remark",
    studentId: "student_id",
    reference: "reference",
    createdBy: "created_by",
  },
  onCreate: () => ({ created_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope }, info) {
      const db = trxOf(w);
      const v = info.values;
      const bill = await db
        .selectFrom("tuition_bills")
        .select(["id", "student_id", "kindergarten_id"])
        .where("id", "=", v.billId as number)
        .where(kindergartenFilter(scope, "tuition_bills.kindergarten_id"))
        .executeTakeFirst();
      if (!bill || (info.kindergartenId != null && Number(bill.kindergarten_id) !== info.kindergartenId))
        throw fieldError("billId", "tuition:fee.errors.billNotFound");
      if (v.kind === "refund") {
        const sums = await db
          .selectFrom("fee_records")
          .select([
            sql<number>`coalesce(sum(case when kind = 'payment' then amount_fen else 0 end), 0)`.as("paid"),
            sql<number>`coalesce(sum(case when kind = 'refund' then amount_fen else 0 end), 0)`.as("refunded"),
          ])
          .where("bill_id", "=", Number(bill.id))
          .executeTakeFirstOrThrow();
        if (Number(sums.paid) - Number(sums.refunded) < (v.amount as number)) throw fieldError("amount", "tuition:fee.errors.refundTooLarge");
      }
      v.studentId = Number(bill.student_id);
      v.reference = `${v.kind === "refund" ? "RF" : "PM"}-${bill.id}-${Date.now().toString(36)}`;
      v.createdBy = scope.userId;
    },
    decorate(_db, items: Item[]) {
      for (const it of items) {
        it.amountFen = Number(it.amountFen);
        it.amountText = formatFen(it.kind === "refund" ? -Number(it.amountFen) : Number(it.amountFen));
      }
    },
  },
});

// ------------------------------------------------------------------------------------------------
// Refund calculations
// ------------------------------------------------------------------------------------------------
export const refundCalculationsMapping = defineMapping({
  def: refundCalculations,
  table: "refund_calculations",
  alias: "r",
  from: (db) =>
    db.selectFrom("refund_calculations as r").innerJoin("kindergartens as k", "k.id", "r.kindergarten_id").leftJoin("students as s", "s.id", "r.student_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "r.id",
    name: "r.name",
    studentId: "r.student_id",
    studentName: "s.name",
    method: "r.method",
    basis: "r.basis",
    price: "r.price_fen",
    rounding: "r.rounding",
    monthDays: "r.month_days",
    absence: "r.absence",
    itemNames: "r.item_names",
    lines: "r.lines",
    totalFen: "r.total_fen",
    kindergartenId: "r.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  writable: {
    name: "name",
    studentId: "student_id",
    method: "method",
    basis: "basis",
    price: "price_fen",
    rounding: "rounding",
    monthDays: "month_days",
    absence: "absence",
    itemNames: "item_names",
    lines: "lines",
    totalFen: "total_fen",
  },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope }, { values }) {
      if (values.studentId != null) {
        const s = await scoped
          .students(trxOf(w), scope)
          .select("id")
          .where("id", "=", values.studentId as number)
          .executeTakeFirst();
        if (!s) throw fieldError("studentId", "tuition:errors.studentNotFound");
      }
      const monthDays = parseMonthLines(values.monthDays as string, 31).map;
      const absence = parseMonthLines(values.absence as string, 31).map;
      const r = computeRefund({
        method: values.method as "days" | "months",
        basis: values.basis as "daily" | "monthly",
        priceFen: values.price as number,
        rounding: values.rounding as "halfUp" | "down" | "up",
        monthDays,
        absence,
      });
      values.monthDays = JSON.stringify(monthDays);
      values.absence = JSON.stringify(absence);
      values.itemNames = String(values.itemNames)
        .split(/[,，、\s]+/)
        .filter(Boolean)
        .join(",");
      values.lines = JSON.stringify(r.lines);
      values.totalFen = r.totalFen;
    },
    decorate(_db, items: Item[]) {
      for (const it of items) {
        it.price = fenToYuan(Number(it.price));
        it.monthDays = monthLinesText(json<Record<string, number>>(it.monthDays, {}));
        it.absence = monthLinesText(json<Record<string, number>>(it.absence, {}));
        const lines = json<RefundLine[]>(it.lines, []);
        it.lines = lines.map((l) => `${l.month}: ${l.formula} = ${fenToYuan(l.amountFen)}`).join("\n");
        it.totalFen = Number(it.totalFen);
        it.totalText = formatFen(Number(it.totalFen));
      }
    },
  },
});

// ------------------------------------------------------------------------------------------------
// Payrolls
// ------------------------------------------------------------------------------------------------
export const payrollsMapping = defineMapping({
  def: payrolls,
  table: "payrolls",
  alias: "p",
  from: (db) => db.selectFrom("payrolls as p").innerJoin("kindergartens as k", "k.id", "p.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "p.id",
    month: "p.month",
    staffName: "p.staff_name",
    staffPhone: "p.staff_phone",
    base: "p.base_fen",
    allowances: "p.allowances_fen",
    deductions: "p.deductions_fen",
    netFen: "p.net_fen",
    remark: "p.remark",
    kindergartenId: "p.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  writable: {
    month: "month",
    staffName: "staff_name",
    staffPhone: "staff_phone",
    base: "base_fen",
    allowances: "allowances_fen",
    deductions: "deductions_fen",
    netFen: "net_fen",
    remark: "remark",
  },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    beforeWrite(_ctx, { values }) {
      values.allowances = (values.allowances as number | null) ?? 0;
      values.deductions = (values.deductions as number | null) ?? 0;
      const net = (values.base as number) + (values.allowances as number) - (values.deductions as number);
      if (net < 0) throw fieldError("deductions", "tuition:payrolls.errors.negative");
      values.netFen = net;
    },
    decorate(_db, items: Item[]) {
      for (const it of items) {
        for (const k of ["base", "allowances", "deductions"]) {
          it[`${k}Text`] = formatFen(Number(it[k]));
          it[k] = fenToYuan(Number(it[k]));
        }
        it.netFen = Number(it.netFen);
        it.netText = formatFen(Number(it.netFen));
      }
    },
  },
});

// ------------------------------------------------------------------------------------------------
// Reconciliation: finance's figure is the month's fee records (payments − refunds) at the time of saving.
// ------------------------------------------------------------------------------------------------
export async function financeTakings(db: Kysely<Database>, kindergartenId: number, month: string) {
  const rows = await db
    .selectFrom("fee_records as f")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select(["s.name", sql<number>`sum(case when f.kind = 'refund' then -f.amount_fen else f.amount_fen end)`.as("net")])
    .where("f.kindergarten_id", "=", kindergartenId)
    .where("f.occurred_on", ">=", `${month}-01`)
    .where("f.occurred_on", "<=", `${month}-31`)
    .where("f.channel", "!=", "deposit")
    .groupBy("s.name")
    .execute();
  const byName: Record<string, number> = {};
  for (const r of rows) byName[String(r.name)] = Number(r.net);
  return { total: Object.values(byName).reduce((a, b) => a + b, 0), byName };
}

const parseAdmissionLines = (text: unknown): Record<string, number> | null => {
  const out: Record<string, number> = {};
  for (const line of String(text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const i = line.search(/[=＝:：]/);
    const fen = i < 0 ? null : parseYuan(line.slice(i + 1));
    if (i <= 0 || fen == null) return null;
    const name = line.slice(0, i).trim();
    out[name] = (out[name] ?? 0) + fen;
  }
  return out;
};

export const reconciliationsMapping = defineMapping({
  def: reconciliations,
  table: "tuition_reconciliations",
  alias: "tr",
  from: (db) => db.selectFrom("tuition_reconciliations as tr").innerJoin("kindergartens as k", "k.id", "tr.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "tr.id",
    month: "tr.month",
    admissionFen: "tr.admission_fen",
    admission: "tr.admission_fen",
    admissionLines: "tr.admission_lines",
    financeFen: "tr.finance_fen",
    status: "tr.status",
    remark: "tr.remark",
    kindergartenId: "tr.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  writable: { month: "month", admission: "admission_fen", admissionLines: "admission_lines", remark: "remark", financeFen: "finance_fen" },
  onCreate: () => ({ status: "pendingAdmission", created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite({ w }, info) {
      const v = info.values;
      if (v.admissionLines && !parseAdmissionLines(v.admissionLines)) throw fieldError("admissionLines", "tuition:reconciliation.errors.lines");
      const db = trxOf(w);
      const dup = await db
        .selectFrom("tuition_reconciliations")
        .select("id")
        .where("kindergarten_id", "=", info.kindergartenId!)
        .where("month", "=", v.month as string)
        .$if(!!info.existing, (q) => q.where("id", "!=", info.existing!.id))
        .executeTakeFirst();
      if (dup) throw fieldError("month", "tuition:reconciliation.errors.taken");
      v.financeFen = (await financeTakings(db, info.kindergartenId!, v.month as string)).total;
    },
    async decorate(db, items: Item[], lang) {
      for (const it of items) {
        it.admissionFen = Number(it.admissionFen);
        it.admission = fenToYuan(Number(it.admissionFen));
        it.admissionText = formatFen(Number(it.admissionFen));
        it.financeFen = Number(it.financeFen);
        it.financeText = formatFen(Number(it.financeFen));
        it.differenceFen = Number(it.admissionFen) - Number(it.financeFen);
        it.differenceText = formatFen(Number(it.differenceFen));
        const fin = await financeTakings(db as unknown as Kysely<Database>, Number(it.kindergartenId), String(it.month));
        const adm = parseAdmissionLines(it.admissionLines) ?? {};
        const names = [...new Set([...Object.keys(adm), ...Object.keys(fin.byName)])].sort();
        const diffs = names
          .filter((n) => (adm[n] ?? 0) !== (fin.byName[n] ?? 0))
          .map((n) => `${n}: ${fenToYuan(adm[n] ?? 0)} − ${fenToYuan(fin.byName[n] ?? 0)} = ${fenToYuan((adm[n] ?? 0) - (fin.byName[n] ?? 0))}`);
        it.differences = Object.keys(adm).length ? diffs.join("\n") || rt(lang, "tuition:reconciliation.noDifference") : "";
      }
    },
  },
});

export { ApiError };
