import * as z from "zod";
import { CLASS_LEVELS } from "../entities/vocab";
import { Role } from "../roles";
import { registerPageVerbs } from "../route-tree";
import { defineResource, fields } from "../resource";
import { PERIODS, PRICE_BASES, REFUND_METHODS, ROUNDINGS, parseItemLines, parseMonthLines, parseYuan } from "../tuition/money";

/**
 * Tuition and finance (routes.md /tuition/*, role 14; bills also role 4). Money is integer fen (contract/tuition/money.ts):
 * forms take yuan text ("2800.00"), items show the yuan text and the fen integer.
 */
const F = Role.finance;
const opts = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: `${prefix}.${v}` }));
export const levelOptions = opts("tuition:levels", CLASS_LEVELS);

/** A money field in yuan (two decimals at most) → fen. */
export const yuan = (o: { positive?: boolean; message?: string } = {}) =>
  z
    .string({ error: o.message ?? "crud:validation.required" })
    .trim()
    .min(1, o.message ?? "crud:validation.required")
    .refine((s) => parseYuan(s) != null, "tuition:errors.money")
    .refine((s) => !o.positive || (parseYuan(s) ?? 0) > 0, o.message ?? "tuition:errors.positive")
    .transform((s) => parseYuan(s)!);
const optionalYuan = () =>
  z
    .string()
    .trim()
    .refine((s) => parseYuan(s) != null, "tuition:errors.money")
    .transform((s) => parseYuan(s)!)
    .nullish();
const month = (message = "crud:validation.required") => z.string({ error: message }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "tuition:errors.month");

const kgColumn = { field: "kindergartenName", label: "resources:common.kindergarten", roles: [Role.superAdmin] } as const;

// ------------------------------------------------------------------------------------------------
// Templates
// ------------------------------------------------------------------------------------------------
/** Section 5: payment item names and values cannot be empty. One "name=value" a line, value in yuan per month. */
const itemLines = z
  .string({ error: "tuition:templates.errors.itemsEmpty" })
  .max(2000, "crud:validation.tooLong#max=2000")
  .superRefine((s, ctx) => {
    const { errors } = parseItemLines(s);
    if (errors.length) ctx.addIssue({ code: "custom", message: `tuition:templates.errors.${errors[0]}` });
  });

export const tuitionTemplates = defineResource({
  name: "tuitionTemplates",
  title: "tuition:templates.title",
  one: "tuition:templates.one",
  endpoint: "tuition/templates/",
  page: "/tuition/templates",
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    level: z.enum(CLASS_LEVELS),
    period: z.enum(PERIODS),
    items: z.string(),
    monthlyFen: z.number().int(),
    monthlyText: z.string(),
    billText: z.string(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    name: fields.text({ max: 40 }),
    level: fields.choice(CLASS_LEVELS),
    period: fields.choice(PERIODS),
    items: itemLines,
    kindergartenId: fields.optionalRef(),
  }),
  labelField: "name",
  columns: [
    { field: "name", label: "tuition:templates.fields.name", sortable: true, link: true },
    { field: "level", label: "tuition:templates.fields.level", format: "enum", enumPrefix: "tuition:levels", sortable: true },
    { field: "period", label: "tuition:templates.fields.period", format: "enum", enumPrefix: "tuition:periods", sortable: true },
    { field: "monthlyText", label: "tuition:templates.fields.monthly", align: "right" },
    { field: "billText", label: "tuition:templates.fields.perBill", align: "right" },
    kgColumn,
  ],
  filters: [
    { field: "level", label: "tuition:templates.fields.level", kind: "select", options: { static: levelOptions } },
    { field: "period", label: "tuition:templates.fields.period", kind: "select", options: { static: opts("tuition:periods", PERIODS) } },
  ],
  search: ["name"],
  defaultSort: "name",
  formGroups: [
    {
      fields: [
        { name: "name", label: "tuition:templates.fields.name", kind: "text" },
        { name: "level", label: "tuition:templates.fields.level", kind: "select", options: { static: levelOptions } },
        { name: "period", label: "tuition:templates.fields.period", kind: "select", options: { static: opts("tuition:periods", PERIODS) } },
        { name: "items", label: "tuition:templates.fields.items", kind: "textarea", help: "tuition:templates.help.items", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "name", label: "tuition:templates.fields.name" },
    { field: "level", label: "tuition:templates.fields.level", format: "enum", enumPrefix: "tuition:levels" },
    { field: "period", label: "tuition:templates.fields.period", format: "enum", enumPrefix: "tuition:periods" },
    { field: "items", label: "tuition:templates.fields.items" },
    { field: "monthlyFen", label: "tuition:templates.fields.monthly", format: "money" },
  ],
  detail: true,
});

// ------------------------------------------------------------------------------------------------
// Bills (section 4 states)
// ------------------------------------------------------------------------------------------------
export const BILL_STATES = ["unannounced", "announced", "pending", "paidUnconfirmed", "paid"] as const;
export type BillState = (typeof BILL_STATES)[number];
export const PAYMENT_PROVIDERS = ["wechat", "alipay"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const tuitionBills = defineResource({
  name: "tuitionBills",
  title: "tuition:bills.title",
  one: "tuition:bills.one",
  endpoint: "tuition/bills/",
  page: "/tuition/bills",
  can: { create: [F], change: [F], delete: [F] },
  // Only a bill nobody was told about yet is edited or deleted; later it moves only by its actions.
  rowRule: (verb, row) =>
    (verb === "change" || verb === "delete") && row.status !== "unannounced" ? { status: 409, key: "tuition:bills.errors.announced" } : null,
  states: {
    field: "status",
    list: [
      { name: "unannounced", label: { zh: "未通知缴费", en: "Payment unannounced" }, tone: "muted" },
      { name: "announced", label: { zh: "已通知待缴费", en: "Announced, pending payment" }, tone: "warning" },
      { name: "pending", label: { zh: "待缴费", en: "Pending payment" }, tone: "warning" },
      { name: "paidUnconfirmed", label: { zh: "已缴费待确认", en: "Paid, awaiting confirmation" }, tone: "info" },
      { name: "paid", label: { zh: "已缴费", en: "Paid" }, tone: "success" },
    ],
  },
  actions: {
    announce: {
      label: { zh: "通知缴费", en: "Announce" },
      from: ["unannounced"],
      to: "announced",
      roles: [F],
      confirm: true,
      where: ["row", "detail", "bulk"],
      tone: "primary",
    },
    withdraw: {
      label: { zh: "撤回通知", en: "Withdraw" },
      from: ["announced"],
      to: "unannounced",
      roles: [F],
      confirm: true,
      comment: "optional",
      where: ["detail"],
    },
    // The parent's own step (his QR page); finance records a payment made elsewhere with markPaid instead.
    pay: {
      label: { zh: "去缴费", en: "Pay" },
      from: ["announced"],
      to: "pending",
      roles: [Role.parent],
      where: ["row", "detail"],
      tone: "primary",
    },
    markPaid: {
      label: { zh: "登记线下缴费", en: "Record payment" },
      from: ["announced", "pending"],
      to: "paidUnconfirmed",
      roles: [F],
      confirm: true,
      comment: "optional",
      where: ["detail"],
    },
    confirm: {
      label: { zh: "确认收款", en: "Confirm payment" },
      from: ["paidUnconfirmed"],
      to: "paid",
      roles: [F],
      confirm: true,
      where: ["row", "detail", "bulk"],
      tone: "primary",
    },
  },
  item: z.object({
    id: z.number().int(),
    title: z.string(),
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    templateId: z.number().int().nullable(),
    templateName: z.string().nullable(),
    period: z.enum(PERIODS),
    discount: z.number().int(),
    useDeposit: z.boolean(),
    lines: z.string(),
    subtotalFen: z.number().int(),
    discountFen: z.number().int(),
    depositFen: z.number().int(),
    amountFen: z.number().int(),
    amountText: z.string(),
    status: z.enum(BILL_STATES),
    paidVia: z.string().nullable(),
    dueDate: z.string().nullable(),
    createdAt: z.string(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    studentId: fields.ref(),
    templateId: fields.ref(),
    title: fields.optionalText({ max: 60 }),
    discount: fields.integer({ min: 0, max: 100, message: "tuition:bills.errors.discount" }).default(0),
    useDeposit: fields.boolean(),
    dueDate: fields.optionalDate(),
  }),
  labelField: "title",
  columns: [
    { field: "title", label: "tuition:bills.fields.title", link: true, sortable: true },
    { field: "studentName", label: "tuition:bills.fields.student", sortable: true },
    { field: "className", label: "tuition:bills.fields.class" },
    { field: "period", label: "tuition:templates.fields.period", format: "enum", enumPrefix: "tuition:periods" },
    { field: "discount", label: "tuition:bills.fields.discount", format: "number", align: "right" },
    { field: "amountText", label: "tuition:bills.fields.amount", align: "right" },
    { field: "status", label: "tuition:bills.fields.status", format: "enum", enumPrefix: "tuition:bills.states", sortable: true },
    { field: "dueDate", label: "tuition:bills.fields.dueDate", format: "date", sortable: true },
    kgColumn,
  ],
  filters: [
    { field: "status", label: "tuition:bills.fields.status", kind: "select", options: { static: opts("tuition:bills.states", BILL_STATES) } },
    { field: "classId", label: "tuition:bills.fields.class", kind: "select", options: { lookup: "classOptions" }, roles: [F] },
  ],
  search: ["title", "studentName"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "tuition:bills.fields.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "templateId", label: "tuition:bills.fields.template", kind: "select", options: { lookup: "tuitionTemplates" } },
        { name: "title", label: "tuition:bills.fields.title", kind: "text", help: "tuition:bills.help.title" },
        { name: "discount", label: "tuition:bills.fields.discount", kind: "integer", help: "tuition:bills.help.discount" },
        { name: "useDeposit", label: "tuition:bills.fields.useDeposit", kind: "boolean" },
        { name: "dueDate", label: "tuition:bills.fields.dueDate", kind: "date" },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "title", label: "tuition:bills.fields.title" },
    { field: "studentName", label: "tuition:bills.fields.student" },
    { field: "className", label: "tuition:bills.fields.class" },
    { field: "period", label: "tuition:templates.fields.period", format: "enum", enumPrefix: "tuition:periods" },
    { field: "subtotalFen", label: "tuition:bills.fields.subtotal", format: "money" },
    { field: "discountFen", label: "tuition:bills.fields.discountAmount", format: "money" },
    { field: "depositFen", label: "tuition:bills.fields.depositUsed", format: "money" },
    { field: "amountFen", label: "tuition:bills.fields.amount", format: "money" },
    { field: "status", label: "tuition:bills.fields.status", format: "enum", enumPrefix: "tuition:bills.states" },
    { field: "dueDate", label: "tuition:bills.fields.dueDate", format: "date" },
  ],
  detail: [
    {
      fields: [
        { field: "title", label: "tuition:bills.fields.title" },
        { field: "studentName", label: "tuition:bills.fields.student" },
        { field: "className", label: "tuition:bills.fields.class" },
        { field: "templateName", label: "tuition:bills.fields.template" },
        { field: "period", label: "tuition:templates.fields.period", format: "enum", enumPrefix: "tuition:periods" },
        { field: "lines", label: "tuition:bills.fields.lines" },
        { field: "subtotalFen", label: "tuition:bills.fields.subtotal", format: "money" },
        { field: "discount", label: "tuition:bills.fields.discount", format: "number" },
        { field: "discountFen", label: "tuition:bills.fields.discountAmount", format: "money" },
        { field: "depositFen", label: "tuition:bills.fields.depositUsed", format: "money" },
        { field: "amountText", label: "tuition:bills.fields.amount" },
        { field: "status", label: "tuition:bills.fields.status", format: "enum", enumPrefix: "tuition:bills.states" },
        { field: "paidVia", label: "tuition:bills.fields.paidVia" },
        { field: "dueDate", label: "tuition:bills.fields.dueDate", format: "date" },
      ],
    },
  ],
});
/** /tuition/bills/generate: a class's bills from a template in one go (finance); /tuition/bills/<id>/receipt: a paid bill's receipt PDF. */
registerPageVerbs("/tuition/bills", ["receipt"], ["generate"]);

// ------------------------------------------------------------------------------------------------
// Fee records: every payment and refund (written by payments, refunds and finance)
// ------------------------------------------------------------------------------------------------
export const FEE_KINDS = ["payment", "refund"] as const;
export const FEE_CHANNELS = ["wechat", "alipay", "cash", "transfer", "deposit"] as const;
export const feeRecords = defineResource({
  name: "feeRecords",
  title: "tuition:fee.title",
  one: "tuition:fee.one",
  endpoint: "tuition/fee/",
  page: "/tuition/fee",
  can: { change: [], delete: [] },
  item: z.object({
    id: z.number().int(),
    billId: z.number().int().nullable(),
    billTitle: z.string().nullable(),
    studentId: z.number().int(),
    studentName: z.string(),
    classId: z.number().int().nullable(),
    className: z.string().nullable(),
    kind: z.enum(FEE_KINDS),
    channel: z.enum(FEE_CHANNELS),
    amountFen: z.number().int(),
    amountText: z.string(),
    reference: z.string().nullable(),
    remark: z.string().nullable(),
    occurredOn: z.string(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    billId: fields.ref(),
    kind: fields.choice(FEE_KINDS),
    channel: fields.choice(FEE_CHANNELS),
    amount: yuan({ positive: true }),
    occurredOn: fields.date(),
    remark: fields.optionalText({ max: 200 }),
  }),
  labelField: "reference",
  columns: [
    { field: "occurredOn", label: "tuition:fee.fields.occurredOn", format: "date", sortable: true },
    { field: "studentName", label: "tuition:bills.fields.student", sortable: true },
    { field: "className", label: "tuition:bills.fields.class" },
    { field: "billTitle", label: "tuition:fee.fields.bill" },
    { field: "kind", label: "tuition:fee.fields.kind", format: "enum", enumPrefix: "tuition:fee.kinds", tones: { refund: "warning" } },
    { field: "channel", label: "tuition:fee.fields.channel", format: "enum", enumPrefix: "tuition:fee.channels" },
    { field: "amountText", label: "tuition:fee.fields.amount", align: "right" },
    { field: "reference", label: "tuition:fee.fields.reference" },
    kgColumn,
  ],
  filters: [
    { field: "kind", label: "tuition:fee.fields.kind", kind: "select", options: { static: opts("tuition:fee.kinds", FEE_KINDS) } },
    { field: "channel", label: "tuition:fee.fields.channel", kind: "select", options: { static: opts("tuition:fee.channels", FEE_CHANNELS) } },
    { field: "classId", label: "tuition:bills.fields.class", kind: "select", options: { lookup: "classOptions" } },
    { field: "occurredOn", label: "tuition:fee.fields.occurredOn", kind: "dateRange" },
  ],
  search: ["studentName", "reference", "billTitle"],
  defaultSort: "-occurredOn",
  formGroups: [
    {
      fields: [
        { name: "billId", label: "tuition:fee.fields.bill", kind: "select", options: { lookup: "tuitionBills" } },
        { name: "kind", label: "tuition:fee.fields.kind", kind: "select", options: { static: opts("tuition:fee.kinds", FEE_KINDS) } },
        { name: "channel", label: "tuition:fee.fields.channel", kind: "select", options: { static: opts("tuition:fee.channels", FEE_CHANNELS) } },
        { name: "amount", label: "tuition:fee.fields.amountYuan", kind: "text" },
        { name: "occurredOn", label: "tuition:fee.fields.occurredOn", kind: "date" },
        { name: "remark", label: "tuition:fee.fields.remark", kind: "text" },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "occurredOn", label: "tuition:fee.fields.occurredOn", format: "date" },
    { field: "studentName", label: "tuition:bills.fields.student" },
    { field: "className", label: "tuition:bills.fields.class" },
    { field: "billId", label: "tuition:fee.fields.billId", format: "number" },
    { field: "billTitle", label: "tuition:fee.fields.bill" },
    { field: "kind", label: "tuition:fee.fields.kind", format: "enum", enumPrefix: "tuition:fee.kinds" },
    { field: "channel", label: "tuition:fee.fields.channel", format: "enum", enumPrefix: "tuition:fee.channels" },
    { field: "amountFen", label: "tuition:fee.fields.amount", format: "money" },
    { field: "reference", label: "tuition:fee.fields.reference" },
  ],
  detail: true,
});

// ------------------------------------------------------------------------------------------------
// Refund calculations (section 5 messages)
// ------------------------------------------------------------------------------------------------
export const refundCalculations = defineResource({
  name: "refundCalculations",
  title: "tuition:refunds.title",
  one: "tuition:refunds.one",
  endpoint: "tuition/refund_calculations/",
  page: "/tuition/refundCaculations",
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    studentId: z.number().int().nullable(),
    studentName: z.string().nullable(),
    method: z.enum(REFUND_METHODS),
    basis: z.enum(PRICE_BASES),
    price: z.string(),
    rounding: z.enum(ROUNDINGS),
    monthDays: z.string(),
    absence: z.string(),
    itemNames: z.string(),
    lines: z.string(),
    totalFen: z.number().int(),
    totalText: z.string(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    name: fields.text({ max: 40 }),
    studentId: fields.optionalRef(),
    method: fields.choice(REFUND_METHODS, "tuition:refunds.errors.methodRequired"),
    basis: fields.choice(PRICE_BASES, "tuition:refunds.errors.methodRequired"),
    price: yuan({ positive: true, message: "tuition:refunds.errors.pricePositive" }),
    rounding: fields.choice(ROUNDINGS, "tuition:refunds.errors.roundingRequired"),
    monthDays: z
      .string({ error: "tuition:refunds.errors.fillDays" })
      .max(1000, "crud:validation.tooLong#max=1000")
      .refine((s) => Object.keys(parseMonthLines(s, 31).map).length > 0, "tuition:refunds.errors.fillDays")
      .refine((s) => !parseMonthLines(s, 31).bad, "tuition:refunds.errors.daysFormat"),
    absence: z
      .string()
      .max(1000, "crud:validation.tooLong#max=1000")
      .refine((s) => !parseMonthLines(s, 31).bad, "tuition:refunds.errors.daysFormat")
      .nullish(),
    itemNames: z
      .string({ error: "tuition:refunds.errors.addItems" })
      .trim()
      .min(1, "tuition:refunds.errors.addItems")
      .max(500, "crud:validation.tooLong#max=500"),
    kindergartenId: fields.optionalRef(),
  }),
  labelField: "name",
  columns: [
    { field: "name", label: "tuition:refunds.fields.name", link: true, sortable: true },
    { field: "studentName", label: "tuition:bills.fields.student" },
    { field: "method", label: "tuition:refunds.fields.method", format: "enum", enumPrefix: "tuition:refunds.methods" },
    { field: "basis", label: "tuition:refunds.fields.basis", format: "enum", enumPrefix: "tuition:refunds.bases" },
    { field: "price", label: "tuition:refunds.fields.price", align: "right" },
    { field: "rounding", label: "tuition:refunds.fields.rounding", format: "enum", enumPrefix: "tuition:refunds.roundings" },
    { field: "totalText", label: "tuition:refunds.fields.total", align: "right" },
    kgColumn,
  ],
  search: ["name", "studentName"],
  defaultSort: "name",
  formGroups: [
    {
      fields: [
        { name: "name", label: "tuition:refunds.fields.name", kind: "text" },
        { name: "studentId", label: "tuition:bills.fields.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "method", label: "tuition:refunds.fields.method", kind: "select", options: { static: opts("tuition:refunds.methods", REFUND_METHODS) } },
        { name: "basis", label: "tuition:refunds.fields.basis", kind: "select", options: { static: opts("tuition:refunds.bases", PRICE_BASES) } },
        { name: "price", label: "tuition:refunds.fields.priceYuan", kind: "text" },
        { name: "rounding", label: "tuition:refunds.fields.rounding", kind: "select", options: { static: opts("tuition:refunds.roundings", ROUNDINGS) } },
        { name: "itemNames", label: "tuition:refunds.fields.itemNames", kind: "text", help: "tuition:refunds.help.itemNames" },
        { name: "monthDays", label: "tuition:refunds.fields.monthDays", kind: "textarea", help: "tuition:refunds.help.monthDays" },
        { name: "absence", label: "tuition:refunds.fields.absence", kind: "textarea", help: "tuition:refunds.help.absence" },
      ],
    },
  ],
  detail: [
    {
      fields: [
        { field: "name", label: "tuition:refunds.fields.name" },
        { field: "studentName", label: "tuition:bills.fields.student" },
        { field: "method", label: "tuition:refunds.fields.method", format: "enum", enumPrefix: "tuition:refunds.methods" },
        { field: "basis", label: "tuition:refunds.fields.basis", format: "enum", enumPrefix: "tuition:refunds.bases" },
        { field: "price", label: "tuition:refunds.fields.price" },
        { field: "rounding", label: "tuition:refunds.fields.rounding", format: "enum", enumPrefix: "tuition:refunds.roundings" },
        { field: "itemNames", label: "tuition:refunds.fields.itemNames" },
        { field: "lines", label: "tuition:refunds.fields.lines" },
        { field: "totalText", label: "tuition:refunds.fields.total" },
      ],
    },
  ],
});

// ------------------------------------------------------------------------------------------------
// Payrolls (show:isShowSalary)
// ------------------------------------------------------------------------------------------------
export const payrolls = defineResource({
  name: "payrolls",
  title: "tuition:payrolls.title",
  one: "tuition:payrolls.one",
  endpoint: "tuition/payrolls/",
  page: "/tuition/payrolls",
  item: z.object({
    id: z.number().int(),
    month: z.string(),
    staffName: z.string(),
    staffPhone: z.string(),
    /** The form's plain yuan values ("5200.00"); the list shows them as the net pay is shown (¥5,200.00). */
    base: z.string(),
    allowances: z.string(),
    deductions: z.string(),
    baseText: z.string(),
    allowancesText: z.string(),
    deductionsText: z.string(),
    netFen: z.number().int(),
    netText: z.string(),
    remark: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    month: month(),
    staffName: fields.text({ max: 30 }),
    staffPhone: fields.phone(),
    base: yuan(),
    allowances: optionalYuan(),
    deductions: optionalYuan(),
    remark: fields.optionalText({ max: 200 }),
    kindergartenId: fields.optionalRef(),
  }),
  labelField: "staffName",
  columns: [
    { field: "month", label: "tuition:payrolls.fields.month", sortable: true },
    { field: "staffName", label: "tuition:payrolls.fields.staffName", sortable: true, link: true },
    { field: "staffPhone", label: "tuition:payrolls.fields.staffPhone" },
    { field: "baseText", label: "tuition:payrolls.fields.base", align: "right" },
    { field: "allowancesText", label: "tuition:payrolls.fields.allowances", align: "right" },
    { field: "deductionsText", label: "tuition:payrolls.fields.deductions", align: "right" },
    { field: "netText", label: "tuition:payrolls.fields.net", align: "right" },
    kgColumn,
  ],
  filters: [{ field: "month", label: "tuition:payrolls.fields.month", kind: "text" }],
  search: ["staffName", "staffPhone"],
  defaultSort: "-month",
  formGroups: [
    {
      fields: [
        { name: "month", label: "tuition:payrolls.fields.month", kind: "text", placeholder: "2026-01" },
        { name: "staffName", label: "tuition:payrolls.fields.staffName", kind: "text" },
        { name: "staffPhone", label: "tuition:payrolls.fields.staffPhone", kind: "phone" },
        { name: "base", label: "tuition:payrolls.fields.baseYuan", kind: "text" },
        { name: "allowances", label: "tuition:payrolls.fields.allowancesYuan", kind: "text" },
        { name: "deductions", label: "tuition:payrolls.fields.deductionsYuan", kind: "text" },
        { name: "remark", label: "tuition:payrolls.fields.remark", kind: "text" },
      ],
    },
  ],
  exportColumns: [
    { field: "month", label: "tuition:payrolls.fields.month" },
    { field: "staffName", label: "tuition:payrolls.fields.staffName" },
    { field: "staffPhone", label: "tuition:payrolls.fields.staffPhone" },
    { field: "base", label: "tuition:payrolls.fields.baseYuan" },
    { field: "allowances", label: "tuition:payrolls.fields.allowancesYuan" },
    { field: "deductions", label: "tuition:payrolls.fields.deductionsYuan" },
    { field: "netFen", label: "tuition:payrolls.fields.net", format: "money" },
  ],
  importColumns: [
    { field: "month", label: "tuition:payrolls.fields.month", example: "2026-01" },
    { field: "staffName", label: "tuition:payrolls.fields.staffName", example: "张老师" },
    { field: "staffPhone", label: "tuition:payrolls.fields.staffPhone", example: "13900000001" },
    { field: "base", label: "tuition:payrolls.fields.baseYuan", example: "5200.00" },
    { field: "allowances", label: "tuition:payrolls.fields.allowancesYuan", example: "600.00" },
    { field: "deductions", label: "tuition:payrolls.fields.deductionsYuan", example: "315.50" },
    { field: "remark", label: "tuition:payrolls.fields.remark", example: "" },
  ],
  detail: true,
});
/** /tuition/payrolls/<id>/slip: the employee's slip as PDF. */
registerPageVerbs("/tuition/payrolls", ["slip"]);

// ------------------------------------------------------------------------------------------------
// Prepaid deposit (show:isShowTuitionDeposit): a ledger per child; the balance never goes negative.
// ------------------------------------------------------------------------------------------------
export const DEPOSIT_KINDS = ["deposit", "use", "refund"] as const;
export const deposits = defineResource({
  name: "deposits",
  title: "tuition:deposit.title",
  one: "tuition:deposit.one",
  endpoint: "tuition/deposits/",
  page: "/tuition/deposit",
  can: { change: [], delete: [] },
  item: z.object({
    id: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    kind: z.enum(DEPOSIT_KINDS),
    amountFen: z.number().int(),
    amountText: z.string(),
    balanceFen: z.number().int(),
    balanceText: z.string(),
    billId: z.number().int().nullable(),
    remark: z.string().nullable(),
    createdAt: z.string(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    studentId: fields.ref(),
    kind: fields.choice(DEPOSIT_KINDS),
    amount: yuan({ positive: true }),
    remark: fields.optionalText({ max: 200 }),
  }),
  labelField: "studentName",
  columns: [
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime", sortable: true },
    { field: "studentName", label: "tuition:bills.fields.student", sortable: true },
    { field: "className", label: "tuition:bills.fields.class" },
    { field: "kind", label: "tuition:deposit.fields.kind", format: "enum", enumPrefix: "tuition:deposit.kinds", tones: { use: "warning", refund: "danger" } },
    { field: "amountText", label: "tuition:deposit.fields.amount", align: "right" },
    { field: "balanceText", label: "tuition:deposit.fields.balance", align: "right" },
    { field: "remark", label: "tuition:fee.fields.remark" },
    kgColumn,
  ],
  filters: [
    { field: "kind", label: "tuition:deposit.fields.kind", kind: "select", options: { static: opts("tuition:deposit.kinds", DEPOSIT_KINDS) } },
    { field: "studentId", label: "tuition:bills.fields.student", kind: "select", options: { lookup: "studentOptions" } },
  ],
  search: ["studentName", "remark"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "tuition:bills.fields.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "kind", label: "tuition:deposit.fields.kind", kind: "select", options: { static: opts("tuition:deposit.kinds", DEPOSIT_KINDS) } },
        { name: "amount", label: "tuition:deposit.fields.amountYuan", kind: "text" },
        { name: "remark", label: "tuition:fee.fields.remark", kind: "text" },
      ],
    },
  ],
  exportColumns: [
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
    { field: "studentName", label: "tuition:bills.fields.student" },
    { field: "kind", label: "tuition:deposit.fields.kind", format: "enum", enumPrefix: "tuition:deposit.kinds" },
    { field: "amountFen", label: "tuition:deposit.fields.amount", format: "money" },
    { field: "balanceFen", label: "tuition:deposit.fields.balance", format: "money" },
  ],
  detail: true,
});

// ------------------------------------------------------------------------------------------------
// Business–finance reconciliation (section 4: pending by admission → pending by financial → done)
// ------------------------------------------------------------------------------------------------
export const reconciliations = defineResource({
  name: "tuitionReconciliations",
  title: "tuition:reconciliation.title",
  one: "tuition:reconciliation.one",
  endpoint: "tuition/reconciliations/",
  page: "/tuition/reconciliation",
  rowRule: (verb, row) =>
    (verb === "change" || verb === "delete") && row.status === "done" ? { status: 409, key: "tuition:reconciliation.errors.done" } : null,
  states: {
    field: "status",
    list: [
      { name: "pendingAdmission", label: { zh: "待招生确认", en: "Pending by admission" }, tone: "warning" },
      { name: "pendingFinance", label: { zh: "待财务确认", en: "Pending by financial" }, tone: "info" },
      { name: "done", label: { zh: "已完成", en: "Done" }, tone: "success" },
    ],
  },
  actions: {
    admissionConfirm: {
      label: { zh: "招生确认", en: "Admission confirms" },
      from: ["pendingAdmission"],
      to: "pendingFinance",
      roles: [F],
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
    },
    financeConfirm: {
      label: { zh: "财务确认", en: "Finance confirms" },
      from: ["pendingFinance"],
      to: "done",
      roles: [F],
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "primary",
    },
    reopen: {
      label: { zh: "退回招生", en: "Return to admission" },
      from: ["pendingFinance"],
      to: "pendingAdmission",
      roles: [F],
      confirm: true,
      comment: "optional",
      where: ["detail"],
    },
  },
  item: z.object({
    id: z.number().int(),
    month: z.string(),
    admissionFen: z.number().int(),
    admission: z.string(),
    /** The admission figure as the finance one is shown (¥1,234.50); `admission` is the form's plain value. */
    admissionText: z.string(),
    admissionLines: z.string().nullable(),
    financeFen: z.number().int(),
    financeText: z.string(),
    differenceFen: z.number().int(),
    differenceText: z.string(),
    differences: z.string(),
    status: z.enum(["pendingAdmission", "pendingFinance", "done"]),
    remark: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    month: month(),
    admission: yuan(),
    admissionLines: z.string().max(2000, "crud:validation.tooLong#max=2000").nullish(),
    remark: fields.optionalText({ max: 200 }),
    kindergartenId: fields.optionalRef(),
  }),
  labelField: "month",
  columns: [
    { field: "month", label: "tuition:reconciliation.fields.month", sortable: true, link: true },
    { field: "admissionText", label: "tuition:reconciliation.fields.admission", align: "right" },
    { field: "financeText", label: "tuition:reconciliation.fields.finance", align: "right" },
    { field: "differenceText", label: "tuition:reconciliation.fields.difference", align: "right" },
    { field: "status", label: "tuition:reconciliation.fields.status", format: "enum", enumPrefix: "tuition:reconciliation.states" },
    kgColumn,
  ],
  filters: [
    {
      field: "status",
      label: "tuition:reconciliation.fields.status",
      kind: "select",
      options: { static: opts("tuition:reconciliation.states", ["pendingAdmission", "pendingFinance", "done"]) },
    },
  ],
  search: ["month", "remark"],
  defaultSort: "-month",
  formGroups: [
    {
      fields: [
        { name: "month", label: "tuition:reconciliation.fields.month", kind: "text", placeholder: "2026-01" },
        { name: "admission", label: "tuition:reconciliation.fields.admissionYuan", kind: "text" },
        { name: "admissionLines", label: "tuition:reconciliation.fields.admissionLines", kind: "textarea", help: "tuition:reconciliation.help.admissionLines" },
        { name: "remark", label: "tuition:fee.fields.remark", kind: "text" },
      ],
    },
  ],
  exportColumns: [
    { field: "month", label: "tuition:reconciliation.fields.month" },
    { field: "admissionFen", label: "tuition:reconciliation.fields.admission", format: "money" },
    { field: "financeFen", label: "tuition:reconciliation.fields.finance", format: "money" },
    { field: "differenceFen", label: "tuition:reconciliation.fields.difference", format: "money" },
    { field: "status", label: "tuition:reconciliation.fields.status", format: "enum", enumPrefix: "tuition:reconciliation.states" },
  ],
  detail: [
    {
      fields: [
        { field: "month", label: "tuition:reconciliation.fields.month" },
        { field: "admissionText", label: "tuition:reconciliation.fields.admission" },
        { field: "financeText", label: "tuition:reconciliation.fields.finance" },
        { field: "differenceText", label: "tuition:reconciliation.fields.difference" },
        { field: "differences", label: "tuition:reconciliation.fields.differences" },
        { field: "status", label: "tuition:reconciliation.fields.status", format: "enum", enumPrefix: "tuition:reconciliation.states" },
        { field: "remark", label: "tuition:fee.fields.remark" },
      ],
    },
  ],
});
