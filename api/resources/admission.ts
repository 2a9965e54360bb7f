import { sql, type Kysely } from "kysely";
import { admissionAppointments, admissionCommunications, admissionCustomers, admissionReconciliations } from "@contract/resources/admission";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { fieldError } from "@api/http";
import type { Lang } from "@api/i18n";
import { kindergartenFilter } from "@api/tenancy";
import { formatDateTime } from "@contract/resource-format";
import { rt } from "./i18n";
import { defineMapping, type Item, type WriteContext } from "./engine";

const trxOf = (ctx: WriteContext) => ctx.w.trx as unknown as Kysely<Database>;

/** A customer of the caller's reach in the kindergarten of the written row (else 422 on the field). */
async function customerIn(ctx: WriteContext, kindergartenId: number | null, id: unknown, field = "customerId") {
  const c = await trxOf(ctx)
    .selectFrom("admission_customers")
    .select(["id", "kindergarten_id"])
    .where("id", "=", Number(id))
    .where(kindergartenFilter(ctx.scope, "admission_customers.kindergarten_id"))
    .executeTakeFirst();
  if (!c || (kindergartenId != null && Number(c.kindergarten_id) !== kindergartenId)) throw fieldError(field, "crud:validation.choose");
  return Number(c.kindergarten_id);
}

/** A user holding the role in the kindergarten (owner / teacher fields), else 422. */
async function staffIn(ctx: WriteContext, kindergartenId: number, userId: unknown, roles: number[], field: string) {
  const u = await trxOf(ctx)
    .selectFrom("users")
    .select("users.id")
    .where("users.id", "=", Number(userId))
    .where("users.id", "in", trxOf(ctx).selectFrom("user_roles").select("user_id").where("role_id", "in", roles))
    .where((eb) =>
      eb.or([
        eb("users.kindergarten_id", "=", kindergartenId),
        eb("users.education_group_id", "=", eb.selectFrom("kindergartens").select("education_group_id").where("id", "=", kindergartenId)),
      ]),
    )
    .executeTakeFirst();
  if (!u) throw fieldError(field, "crud:validation.choose");
}

/** The customer using this phone in the kindergarten (other than `exceptId`), if any. */
export async function duplicateOf(db: Kysely<Database>, kindergartenId: number, phone: string, exceptId: number | null) {
  let q = db
    .selectFrom("admission_customers")
    .select(["id", "kid_name"])
    .where("kindergarten_id", "=", kindergartenId)
    .where("phone", "=", phone)
    .where("anonymised_at", "is", null);
  if (exceptId != null) q = q.where("id", "!=", exceptId);
  return q.orderBy("id").executeTakeFirst();
}

/** A customer picker's option: the name, then what tells two of one name apart (phone tail, reserved class, first day). */
export function customerOptionLabel(row: Record<string, unknown>, lang: Lang): string {
  const phone = String(row.phone ?? "");
  const parts = [String(row.label)];
  if (phone.length >= 4) parts.push(rt(lang, "admission:customers.phoneTail", { tail: phone.slice(-4) }));
  if (row.reservedClassName) parts.push(String(row.reservedClassName));
  if (row.createdAt) parts.push(formatDateTime(String(row.createdAt)).slice(0, 10));
  return parts.join(" · ");
}

/** Customers: table `admission_customers`; stage actions keep the opportunity state, the close reason and dates. */
export const admissionCustomersMapping = defineMapping({
  def: admissionCustomers,
  table: "admission_customers",
  alias: "ac",
  from: (db) =>
    db
      .selectFrom("admission_customers as ac")
      .innerJoin("kindergartens as k", "k.id", "ac.kindergarten_id")
      .leftJoin("classes as cl", "cl.id", "ac.reserved_class_id")
      .leftJoin("users as ow", "ow.id", "ac.owner_user_id")
      .leftJoin("users as intro", "intro.id", "ac.introducer_id"),
  english: { kindergartenName: "k.name_en", reservedClassName: "cl.name_en" },
  columns: {
    id: "ac.id",
    kidName: "ac.kid_name",
    nickname: "ac.nickname",
    nation: "ac.nation",
    contactName: "ac.contact_name",
    relationship: "ac.relationship",
    phone: "ac.phone",
    reservedClassId: "ac.reserved_class_id",
    reservedClassName: "cl.name",
    bus: "ac.bus",
    source: "ac.source",
    stage: "ac.stage",
    opportunity: "ac.opportunity",
    closeReason: "ac.close_reason",
    intention: "ac.intention",
    ownerUserId: "ac.owner_user_id",
    ownerName: "ow.real_name",
    introducerName: "intro.real_name",
    remarks: "ac.remarks",
    createdAt: "ac.created_at",
    kindergartenId: "ac.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  lookupLabel: { fields: ["phone", "reservedClassName", "createdAt"], label: customerOptionLabel },
  writable: {
    kidName: "kid_name",
    nickname: "nickname",
    nation: "nation",
    contactName: "contact_name",
    relationship: "relationship",
    phone: "phone",
    reservedClassId: "reserved_class_id",
    bus: "bus",
    source: "source",
    intention: "intention",
    ownerUserId: "owner_user_id",
    remarks: "remarks",
  },
  onCreate: () => ({ stage: "new", opportunity: "unconcluded", created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  actionHooks: {
    pay: { run: () => ({ patch: { opportunity: "success", paid_at: nowIso(), close_reason: null } }) },
    lose: {
      run: (_ctx, item, { comment }) => ({ patch: { opportunity: "failed", lost_stage: String(item.stage), lost_at: nowIso(), close_reason: comment } }),
    },
    reopen: { run: () => ({ patch: { opportunity: "unconcluded", lost_at: null, close_reason: null } }) },
  },
  hooks: {
    async beforeWrite(ctx, { values, kindergartenId, existing }) {
      const kg = kindergartenId!;
      const db = trxOf(ctx);
      const cls = await db
        .selectFrom("classes")
        .select("id")
        .where("id", "=", Number(values.reservedClassId))
        .where("kindergarten_id", "=", kg)
        .executeTakeFirst();
      if (!cls) throw fieldError("reservedClassId", "crud:validation.choose");
      await staffIn(ctx, kg, values.ownerUserId, [12, 16], "ownerUserId");
      const dup = await duplicateOf(db, kg, String(values.phone), existing ? Number(existing.id) : null);
      if (dup) throw fieldError("phone", "admission:customers.errors.duplicatePhone", { name: dup.kid_name, id: Number(dup.id) });
    },
    async beforeDelete(ctx, item: Item) {
      const db = trxOf(ctx);
      for (const t of ["admission_communications", "admission_appointments", "admission_reconciliations"] as const) {
        const rows = await db.selectFrom(t).select("id").where("customer_id", "=", item.id).execute();
        for (const r of rows) await ctx.w.delete(t, Number(r.id));
      }
    },
  },
});

export const admissionCommunicationsMapping = defineMapping({
  def: admissionCommunications,
  table: "admission_communications",
  alias: "cm",
  from: (db) =>
    db
      .selectFrom("admission_communications as cm")
      .innerJoin("kindergartens as k", "k.id", "cm.kindergarten_id")
      .innerJoin("admission_customers as ac", "ac.id", "cm.customer_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "cm.id",
    customerId: "cm.customer_id",
    customerName: "ac.kid_name",
    date: "cm.date",
    method: "cm.method",
    content: "cm.content",
    nextStep: "cm.next_step",
    kindergartenId: "cm.kindergarten_id",
    kindergartenName: "k.name",
  },
  // The record belongs to its customer's kindergarten (set by the hook); tenancy through api/tenancy on that column.
  kindergartenColumn: null,
  scopeFilter: (scope) => kindergartenFilter(scope, "cm.kindergarten_id"),
  writable: { customerId: "customer_id", date: "date", method: "method", content: "content", nextStep: "next_step", kindergartenId: "kindergarten_id" },
  onCreate: () => ({ created_at: nowIso() }),
  hooks: {
    async beforeWrite(ctx, info) {
      info.values.kindergartenId = await customerIn(ctx, null, info.values.customerId);
    },
    async afterWrite(ctx, { id, values, mode }) {
      if (mode === "create") await ctx.w.update("admission_communications", id, { created_by: ctx.scope.userId });
      // A first contact moves a new customer on (contact made), as the team would do by hand: audited as the
      // "contact" action, so the customer's history and timeline show the step.
      await ctx.w.updateWhere("admission_customers", Number(values.customerId), { stage: "contacted", updated_at: nowIso() }, "contact", "stage", ["new"]);
    },
  },
});

export const admissionAppointmentsMapping = defineMapping({
  def: admissionAppointments,
  table: "admission_appointments",
  alias: "ap",
  from: (db) =>
    db
      .selectFrom("admission_appointments as ap")
      .innerJoin("kindergartens as k", "k.id", "ap.kindergarten_id")
      .innerJoin("admission_customers as ac", "ac.id", "ap.customer_id")
      .leftJoin("users as tu", "tu.id", "ap.teacher_user_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "ap.id",
    customerId: "ap.customer_id",
    customerName: "ac.kid_name",
    customerPhone: "ac.phone",
    date: "ap.date",
    time: "ap.time",
    kind: "ap.kind",
    status: "ap.status",
    teacherUserId: "ap.teacher_user_id",
    teacherName: "tu.real_name",
    remarks: "ap.remarks",
    kindergartenId: "ap.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: null,
  scopeFilter: (scope) => kindergartenFilter(scope, "ap.kindergarten_id"),
  writable: {
    customerId: "customer_id",
    date: "date",
    time: "time",
    kind: "kind",
    teacherUserId: "teacher_user_id",
    remarks: "remarks",
    kindergartenId: "kindergarten_id",
  },
  onCreate: () => ({ status: "todo", created_at: nowIso() }),
  hooks: {
    async beforeWrite(ctx, info) {
      const kg = await customerIn(ctx, null, info.values.customerId);
      await staffIn(ctx, kg, info.values.teacherUserId, [12, 16], "teacherUserId");
      info.values.kindergartenId = kg;
    },
  },
});

const MONEY = ["deposit", "depositToFull", "fullAmount", "discount", "refund", "net"] as const;
const fen = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/** Reconciliation: amounts stored in fen, shown and entered in yuan. */
export const admissionReconciliationsMapping = defineMapping({
  def: admissionReconciliations,
  table: "admission_reconciliations",
  alias: "rc",
  from: (db) =>
    db
      .selectFrom("admission_reconciliations as rc")
      .innerJoin("kindergartens as k", "k.id", "rc.kindergarten_id")
      .innerJoin("admission_customers as ac", "ac.id", "rc.customer_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "rc.id",
    customerId: "rc.customer_id",
    customerName: "ac.kid_name",
    deposit: "rc.deposit",
    depositToFull: "rc.deposit_to_full",
    fullAmount: "rc.full_amount",
    discount: "rc.discount",
    refund: "rc.refund",
    net: sql`rc.deposit + rc.deposit_to_full + rc.full_amount - rc.discount - rc.refund`,
    coupon: "rc.coupon",
    status: "rc.status",
    remarks: "rc.remarks",
    kindergartenId: "rc.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  writable: {
    customerId: "customer_id",
    deposit: "deposit",
    depositToFull: "deposit_to_full",
    fullAmount: "full_amount",
    discount: "discount",
    refund: "refund",
    coupon: "coupon",
    remarks: "remarks",
  },
  onCreate: () => ({ status: "pending_admission", created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite(ctx, info) {
      await customerIn(ctx, info.kindergartenId, info.values.customerId);
      for (const k of MONEY) if (k !== "net") info.values[k] = fen(info.values[k]);
    },
    decorate(_db, items: Item[]) {
      for (const item of items) for (const k of MONEY) item[k] = Number(item[k] ?? 0) / 100;
    },
  },
});
