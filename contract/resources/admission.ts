import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";
import { registerPageVerbs } from "../route-tree";
import {
  APPOINTMENT_KINDS,
  BUS_CHOICES,
  COMMUNICATION_METHODS,
  CUSTOMER_SOURCES,
  NATIONS,
  OPPORTUNITY_STATES,
  RELATIONSHIPS,
} from "../entities/admission-vocab";

const A = (k: string) => `admission:${k}`;
const opts = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: A(`${prefix}.${v}`) }));
const WRITERS = [Role.principal, Role.admissionsTeacher, Role.groupAdmissionsTeacher] as const;
const GROUP_ROLES = [Role.groupLeader, Role.groupAdmissionsTeacher] as const;
const kgColumn = { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: GROUP_ROLES } as const;
const kgFilter = {
  field: "kindergartenId",
  label: "resources:common.kindergarten",
  kind: "select",
  options: { lookup: "kindergartens" },
  roles: GROUP_ROLES,
} as const;
const kgField = {
  name: "kindergartenId",
  label: "resources:common.kindergarten",
  kind: "select",
  options: { lookup: "kindergartens" },
  roles: GROUP_ROLES,
} as const;

/**
 * /admission/customerList (roles 1, 9, 12, 16; the group roles see every kindergarten of their group): the admissions
 * customers. The stage is the record's state (new → contacted → toured → reserved → paid, or lost); the opportunity
 * state follows it (paid = success, lost = failed with the close reason as the action's required comment, else
 * unconcluded). Every form field but remarks is required (section 5); a phone already known in the kindergarten is
 * refused with the customer it belongs to, which can then be merged (`POST admission/customers/{id}/merge/`).
 */
export const admissionCustomers = defineResource({
  name: "admissionCustomers",
  title: A("customers.title"),
  one: A("customers.one"),
  endpoint: "admission/customers/",
  page: "/admission/customerList",
  can: { create: WRITERS, change: WRITERS, delete: [Role.principal, Role.admissionsTeacher, Role.groupAdmissionsTeacher] },
  states: {
    field: "stage",
    list: [
      { name: "new", label: { zh: "新客户", en: "New" }, tone: "info" },
      { name: "contacted", label: { zh: "已联系", en: "Contact made" }, tone: "info" },
      { name: "toured", label: { zh: "已参观", en: "Campus tour" }, tone: "warning" },
      { name: "reserved", label: { zh: "已占位", en: "Place reserved" }, tone: "warning" },
      { name: "paid", label: { zh: "已缴费", en: "Tuition paid" }, tone: "success" },
      { name: "lost", label: { zh: "已流失", en: "Lost" }, tone: "danger" },
    ],
  },
  actions: {
    contact: { label: { zh: "已联系", en: "Contact made" }, from: ["new"], to: "contacted", roles: WRITERS, where: ["row", "detail"] },
    tour: { label: { zh: "已参观", en: "Campus tour" }, from: ["new", "contacted"], to: "toured", roles: WRITERS, where: ["row", "detail"] },
    reserve: { label: { zh: "占位", en: "Reserve a place" }, from: ["contacted", "toured"], to: "reserved", roles: WRITERS, where: ["row", "detail"] },
    pay: {
      label: { zh: "已缴费", en: "Tuition paid" },
      from: ["reserved"],
      to: "paid",
      roles: WRITERS,
      confirm: true,
      where: ["row", "detail"],
      tone: "primary",
    },
    lose: {
      label: { zh: "关闭商机", en: "Close as failed" },
      from: ["new", "contacted", "toured", "reserved"],
      to: "lost",
      roles: WRITERS,
      confirm: true,
      comment: "required",
      where: ["detail"],
      tone: "danger",
    },
    reopen: { label: { zh: "重新跟进", en: "Reopen" }, from: ["lost"], to: "contacted", roles: WRITERS, confirm: true, where: ["detail"] },
  },
  item: z.object({
    id: z.number().int(),
    kidName: z.string(),
    nickname: z.string().nullable(),
    nation: z.string().nullable(),
    contactName: z.string().nullable(),
    relationship: z.string().nullable(),
    phone: z.string().nullable(),
    reservedClassId: z.number().int().nullable(),
    reservedClassName: z.string().nullable(),
    bus: z.string().nullable(),
    source: z.string(),
    stage: z.string(),
    opportunity: z.string(),
    closeReason: z.string().nullable(),
    intention: z.number().int(),
    ownerUserId: z.number().int().nullable(),
    ownerName: z.string().nullable(),
    introducerName: z.string().nullable(),
    remarks: z.string().nullable(),
    createdAt: z.string(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    kidName: fields.text({ max: 30 }),
    nickname: fields.text({ max: 30 }),
    nation: fields.choice(NATIONS),
    contactName: fields.text({ max: 30 }),
    relationship: fields.choice(RELATIONSHIPS),
    phone: fields.phone(),
    reservedClassId: fields.ref(),
    bus: fields.choice(BUS_CHOICES),
    source: fields.choice(CUSTOMER_SOURCES),
    intention: fields.integer({ min: 1, max: 10 }),
    ownerUserId: fields.ref(),
    remarks: fields.optionalText({ max: 500 }),
    kindergartenId: fields.optionalRef(),
  }),
  labelField: "kidName",
  columns: [
    { field: "kidName", label: A("customers.fields.kidName"), sortable: true, link: true },
    { field: "contactName", label: A("customers.fields.contactName") },
    { field: "phone", label: A("customers.fields.phone") },
    { field: "reservedClassName", label: A("customers.fields.reservedClass") },
    { field: "source", label: A("customers.fields.source"), format: "enum", enumPrefix: A("sources"), sortable: true },
    { field: "stage", label: A("customers.fields.stage"), format: "enum", enumPrefix: A("stages"), sortable: true },
    { field: "opportunity", label: A("customers.fields.opportunity"), format: "enum", enumPrefix: A("opportunities"), sortable: true },
    { field: "intention", label: A("customers.fields.intention"), format: "number", sortable: true, align: "right" },
    { field: "ownerName", label: A("customers.fields.owner") },
    kgColumn,
  ],
  filters: [
    {
      field: "stage",
      label: A("customers.fields.stage"),
      kind: "select",
      options: { static: opts(["new", "contacted", "toured", "reserved", "paid", "lost"], "stages") },
    },
    { field: "opportunity", label: A("customers.fields.opportunity"), kind: "select", options: { static: opts(OPPORTUNITY_STATES, "opportunities") } },
    { field: "source", label: A("customers.fields.source"), kind: "select", options: { static: opts(CUSTOMER_SOURCES, "sources") } },
    kgFilter,
  ],
  search: ["kidName", "nickname", "contactName", "phone"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      title: A("customers.groups.child"),
      fields: [
        kgField,
        { name: "kidName", label: A("customers.fields.kidName"), kind: "text" },
        { name: "nickname", label: A("customers.fields.nickname"), kind: "text" },
        { name: "nation", label: A("customers.fields.nation"), kind: "select", options: { static: opts(NATIONS, "nations") } },
        {
          name: "reservedClassId",
          label: A("customers.fields.reservedClass"),
          kind: "select",
          options: { lookup: "classOptions", dependsOn: { field: "kindergartenId", param: "kindergartenId" } },
        },
        { name: "bus", label: A("customers.fields.bus"), kind: "select", options: { static: opts(BUS_CHOICES, "bus") } },
      ],
    },
    {
      title: A("customers.groups.contact"),
      fields: [
        { name: "contactName", label: A("customers.fields.contactName"), kind: "text" },
        { name: "relationship", label: A("customers.fields.relationship"), kind: "select", options: { static: opts(RELATIONSHIPS, "relationships") } },
        { name: "phone", label: A("customers.fields.phone"), kind: "phone" },
      ],
    },
    {
      title: A("customers.groups.follow"),
      fields: [
        { name: "source", label: A("customers.fields.source"), kind: "select", options: { static: opts(CUSTOMER_SOURCES, "sources") } },
        { name: "intention", label: A("customers.fields.intention"), kind: "integer", help: A("customers.help.intention") },
        {
          name: "ownerUserId",
          label: A("customers.fields.owner"),
          kind: "select",
          options: { lookup: "usersByRole", query: { roleId: "12" }, dependsOn: { field: "kindergartenId", param: "kindergartenId" } },
        },
        { name: "remarks", label: A("customers.fields.remarks"), kind: "textarea", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "kidName", label: A("customers.fields.kidName") },
    { field: "nickname", label: A("customers.fields.nickname") },
    { field: "nation", label: A("customers.fields.nation"), format: "enum", enumPrefix: A("nations") },
    { field: "contactName", label: A("customers.fields.contactName") },
    { field: "relationship", label: A("customers.fields.relationship"), format: "enum", enumPrefix: A("relationships") },
    { field: "phone", label: A("customers.fields.phone") },
    { field: "reservedClassName", label: A("customers.fields.reservedClass") },
    { field: "bus", label: A("customers.fields.bus"), format: "enum", enumPrefix: A("bus") },
    { field: "source", label: A("customers.fields.source"), format: "enum", enumPrefix: A("sources") },
    { field: "stage", label: A("customers.fields.stage"), format: "enum", enumPrefix: A("stages") },
    { field: "opportunity", label: A("customers.fields.opportunity"), format: "enum", enumPrefix: A("opportunities") },
    { field: "closeReason", label: A("customers.fields.closeReason") },
    { field: "intention", label: A("customers.fields.intention"), format: "number" },
    { field: "ownerName", label: A("customers.fields.owner") },
    { field: "introducerName", label: A("customers.fields.introducer") },
    { field: "remarks", label: A("customers.fields.remarks") },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
  ],
  importColumns: [
    { field: "kidName", label: A("customers.fields.kidName"), example: "王小明" },
    { field: "nickname", label: A("customers.fields.nickname"), example: "明明" },
    { field: "nation", label: A("customers.fields.nation"), example: "han" },
    { field: "contactName", label: A("customers.fields.contactName"), example: "王芳" },
    { field: "relationship", label: A("customers.fields.relationship"), example: "mother" },
    { field: "phone", label: A("customers.fields.phone"), example: "13912345678" },
    { field: "reservedClassId", label: A("customers.fields.reservedClass"), example: "1" },
    { field: "bus", label: A("customers.fields.bus"), example: "no" },
    { field: "source", label: A("customers.fields.source"), example: "walkIn" },
    { field: "intention", label: A("customers.fields.intention"), example: "7" },
    { field: "ownerUserId", label: A("customers.fields.owner"), example: "12" },
    { field: "remarks", label: A("customers.fields.remarks"), example: "" },
  ],
  // Codes read as their labels (ethnic group, relationship, bus) and the introducer is named.
  detail: [
    {
      title: A("customers.groups.child"),
      fields: [
        { field: "kidName", label: A("customers.fields.kidName") },
        { field: "nickname", label: A("customers.fields.nickname") },
        { field: "nation", label: A("customers.fields.nation"), format: "enum", enumPrefix: A("nations") },
        { field: "reservedClassName", label: A("customers.fields.reservedClass") },
        { field: "bus", label: A("customers.fields.bus"), format: "enum", enumPrefix: A("bus") },
        { field: "kindergartenName", label: "resources:common.kindergarten" },
      ],
    },
    {
      title: A("customers.groups.contact"),
      fields: [
        { field: "contactName", label: A("customers.fields.contactName") },
        { field: "relationship", label: A("customers.fields.relationship"), format: "enum", enumPrefix: A("relationships") },
        { field: "phone", label: A("customers.fields.phone") },
      ],
    },
    {
      title: A("customers.groups.follow"),
      fields: [
        { field: "source", label: A("customers.fields.source"), format: "enum", enumPrefix: A("sources") },
        { field: "introducerName", label: A("customers.fields.introducer") },
        { field: "opportunity", label: A("customers.fields.opportunity"), format: "enum", enumPrefix: A("opportunities") },
        { field: "closeReason", label: A("customers.fields.closeReason") },
        { field: "intention", label: A("customers.fields.intention"), format: "number" },
        { field: "ownerName", label: A("customers.fields.owner") },
        { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
        { field: "remarks", label: A("customers.fields.remarks") },
      ],
    },
  ],
});

// `<customer>/merge`: the merge confirmation (a page of the customer list, not a state change).
registerPageVerbs("/admission/customerList", ["merge"]);

/** /admission/communicationRecordList (hidden; 12, 16): what was said to a customer, when and how. */
export const admissionCommunications = defineResource({
  name: "admissionCommunications",
  title: A("communications.title"),
  one: A("communications.one"),
  endpoint: "admission/communications/",
  page: "/admission/communicationRecordList",
  item: z.object({
    id: z.number().int(),
    customerId: z.number().int(),
    customerName: z.string(),
    date: z.string(),
    method: z.string(),
    content: z.string(),
    nextStep: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    customerId: fields.ref(),
    date: fields.date(),
    method: fields.choice(COMMUNICATION_METHODS),
    content: fields.text({ max: 1000 }),
    nextStep: fields.optionalText({ max: 200 }),
  }),
  labelField: "content",
  columns: [
    { field: "customerName", label: A("communications.fields.customer"), sortable: true, link: true },
    { field: "date", label: A("communications.fields.date"), format: "date", sortable: true },
    { field: "method", label: A("communications.fields.method"), format: "enum", enumPrefix: A("methods") },
    { field: "content", label: A("communications.fields.content") },
    { field: "nextStep", label: A("communications.fields.nextStep") },
    kgColumn,
  ],
  filters: [
    { field: "customerId", label: A("communications.fields.customer"), kind: "select", options: { lookup: "admissionCustomers" } },
    { field: "date", label: A("communications.fields.date"), kind: "dateRange" },
    kgFilter,
  ],
  search: ["content", "customerName"],
  defaultSort: "-date",
  formGroups: [
    {
      fields: [
        { name: "customerId", label: A("communications.fields.customer"), kind: "select", options: { lookup: "admissionCustomers" } },
        { name: "date", label: A("communications.fields.date"), kind: "date" },
        { name: "method", label: A("communications.fields.method"), kind: "select", options: { static: opts(COMMUNICATION_METHODS, "methods") } },
        { name: "content", label: A("communications.fields.content"), kind: "textarea", wide: true },
        { name: "nextStep", label: A("communications.fields.nextStep"), kind: "text", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "customerName", label: A("communications.fields.customer") },
    { field: "date", label: A("communications.fields.date"), format: "date" },
    { field: "method", label: A("communications.fields.method"), format: "enum", enumPrefix: A("methods") },
    { field: "content", label: A("communications.fields.content") },
    { field: "nextStep", label: A("communications.fields.nextStep") },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
});

/**
 * /admission/appointmentList (hidden; 12, 16): campus tours, interviews and trial days per customer; to be done →
 * done or cancelled (section 4). Filters by day or week (date range) give the teacher's day and week view.
 */
export const admissionAppointments = defineResource({
  name: "admissionAppointments",
  title: A("appointments.title"),
  one: A("appointments.one"),
  endpoint: "admission/appointments/",
  page: "/admission/appointmentList",
  rowRule: (verb, row) => (verb === "change" && row.status !== "todo" ? { status: 409, key: A("appointments.errors.closed") } : null),
  states: {
    field: "status",
    list: [
      { name: "todo", label: { zh: "待完成", en: "To be done" }, tone: "warning" },
      { name: "done", label: { zh: "已完成", en: "Done" }, tone: "success" },
      { name: "cancelled", label: { zh: "已取消", en: "Cancelled" }, tone: "muted" },
    ],
  },
  actions: {
    complete: { label: { zh: "完成", en: "Mark done" }, from: ["todo"], to: "done", where: ["row", "detail", "bulk"], tone: "primary" },
    cancel: {
      label: { zh: "取消", en: "Cancel" },
      from: ["todo"],
      to: "cancelled",
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "danger",
    },
  },
  item: z.object({
    id: z.number().int(),
    customerId: z.number().int(),
    customerName: z.string(),
    customerPhone: z.string().nullable(),
    date: z.string(),
    time: z.string(),
    kind: z.string(),
    status: z.string(),
    teacherUserId: z.number().int().nullable(),
    teacherName: z.string().nullable(),
    remarks: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    customerId: fields.ref(),
    date: fields.date(),
    time: fields.time(),
    kind: fields.choice(APPOINTMENT_KINDS),
    teacherUserId: fields.ref(),
    remarks: fields.optionalText({ max: 500 }),
  }),
  labelField: "customerName",
  columns: [
    { field: "date", label: A("appointments.fields.date"), format: "date", sortable: true, link: true },
    { field: "time", label: A("appointments.fields.time"), sortable: true },
    { field: "customerName", label: A("appointments.fields.customer"), sortable: true },
    { field: "customerPhone", label: A("customers.fields.phone") },
    { field: "kind", label: A("appointments.fields.kind"), format: "enum", enumPrefix: A("kinds") },
    { field: "status", label: A("appointments.fields.status"), format: "enum", enumPrefix: A("appointmentStatuses"), sortable: true },
    { field: "teacherName", label: A("appointments.fields.teacher") },
    kgColumn,
  ],
  filters: [
    { field: "date", label: A("appointments.fields.date"), kind: "dateRange" },
    {
      field: "status",
      label: A("appointments.fields.status"),
      kind: "select",
      options: { static: opts(["todo", "done", "cancelled"], "appointmentStatuses") },
    },
    { field: "customerId", label: A("appointments.fields.customer"), kind: "select", options: { lookup: "admissionCustomers" } },
    kgFilter,
  ],
  search: ["customerName", "remarks"],
  defaultSort: "date",
  formGroups: [
    {
      fields: [
        { name: "customerId", label: A("appointments.fields.customer"), kind: "select", options: { lookup: "admissionCustomers" } },
        { name: "kind", label: A("appointments.fields.kind"), kind: "select", options: { static: opts(APPOINTMENT_KINDS, "kinds") } },
        { name: "date", label: A("appointments.fields.date"), kind: "date" },
        { name: "time", label: A("appointments.fields.time"), kind: "time" },
        { name: "teacherUserId", label: A("appointments.fields.teacher"), kind: "select", options: { lookup: "usersByRole", query: { roleId: "12" } } },
        { name: "remarks", label: A("appointments.fields.remarks"), kind: "textarea", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "date", label: A("appointments.fields.date"), format: "date" },
    { field: "time", label: A("appointments.fields.time") },
    { field: "customerName", label: A("appointments.fields.customer") },
    { field: "kind", label: A("appointments.fields.kind"), format: "enum", enumPrefix: A("kinds") },
    { field: "status", label: A("appointments.fields.status"), format: "enum", enumPrefix: A("appointmentStatuses") },
    { field: "teacherName", label: A("appointments.fields.teacher") },
    { field: "remarks", label: A("appointments.fields.remarks") },
  ],
  detail: true,
});

/**
 * /admission/reconciliation (1, 12; shown to 12 even where isHideAdmission hides it): per customer the deposit,
 * deposit to full, full amount, discount, refunds (yuan) and a coupon. "Hand over" moves it to finance
 * (pending by admission → pending by finance), whose business–finance reconciliation confirms it (done).
 */
export const admissionReconciliations = defineResource({
  name: "admissionReconciliations",
  title: A("reconciliations.title"),
  one: A("reconciliations.one"),
  endpoint: "admission/reconciliations/",
  page: "/admission/reconciliation",
  rowRule: (verb, row) =>
    (verb === "change" || verb === "delete") && row.status !== "pending_admission" ? { status: 409, key: A("reconciliations.errors.handedOver") } : null,
  states: {
    field: "status",
    list: [
      { name: "pending_admission", label: { zh: "待招生确认", en: "Pending by admission" }, tone: "warning" },
      { name: "pending_finance", label: { zh: "待财务确认", en: "Pending by finance" }, tone: "info" },
      { name: "done", label: { zh: "已完成", en: "Done" }, tone: "success" },
    ],
  },
  actions: {
    handOver: {
      label: { zh: "提交财务", en: "Hand over to finance" },
      from: ["pending_admission"],
      to: "pending_finance",
      confirm: true,
      where: ["row", "detail", "bulk"],
      tone: "primary",
    },
    withdraw: {
      label: { zh: "撤回", en: "Withdraw" },
      from: ["pending_finance"],
      to: "pending_admission",
      confirm: true,
      comment: "required",
      where: ["detail"],
    },
  },
  item: z.object({
    id: z.number().int(),
    customerId: z.number().int(),
    customerName: z.string(),
    deposit: z.number(),
    depositToFull: z.number(),
    fullAmount: z.number(),
    discount: z.number(),
    refund: z.number(),
    net: z.number(),
    coupon: z.string().nullable(),
    status: z.string(),
    remarks: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    customerId: fields.ref(),
    deposit: fields.number({ min: 0, max: 1_000_000 }),
    depositToFull: fields.number({ min: 0, max: 1_000_000 }),
    fullAmount: fields.number({ min: 0, max: 1_000_000 }),
    discount: fields.number({ min: 0, max: 1_000_000 }),
    refund: fields.number({ min: 0, max: 1_000_000 }),
    coupon: fields.text({ max: 30 }),
    remarks: fields.optionalText({ max: 500 }),
  }),
  labelField: "customerName",
  columns: [
    { field: "customerName", label: A("reconciliations.fields.customer"), sortable: true, link: true },
    { field: "deposit", label: A("reconciliations.fields.deposit"), format: "number", align: "right" },
    { field: "depositToFull", label: A("reconciliations.fields.depositToFull"), format: "number", align: "right" },
    { field: "fullAmount", label: A("reconciliations.fields.fullAmount"), format: "number", align: "right" },
    { field: "discount", label: A("reconciliations.fields.discount"), format: "number", align: "right" },
    { field: "refund", label: A("reconciliations.fields.refund"), format: "number", align: "right" },
    { field: "net", label: A("reconciliations.fields.net"), format: "number", align: "right", sortable: true },
    { field: "coupon", label: A("reconciliations.fields.coupon") },
    { field: "status", label: A("reconciliations.fields.status"), format: "enum", enumPrefix: A("reconciliationStatuses"), sortable: true },
  ],
  filters: [
    {
      field: "status",
      label: A("reconciliations.fields.status"),
      kind: "select",
      options: { static: opts(["pending_admission", "pending_finance", "done"], "reconciliationStatuses") },
    },
  ],
  search: ["customerName", "coupon"],
  defaultSort: "-id",
  formGroups: [
    {
      fields: [
        { name: "customerId", label: A("reconciliations.fields.customer"), kind: "select", options: { lookup: "admissionCustomers" } },
        { name: "deposit", label: A("reconciliations.fields.deposit"), kind: "number" },
        { name: "depositToFull", label: A("reconciliations.fields.depositToFull"), kind: "number" },
        { name: "fullAmount", label: A("reconciliations.fields.fullAmount"), kind: "number" },
        { name: "discount", label: A("reconciliations.fields.discount"), kind: "number" },
        { name: "refund", label: A("reconciliations.fields.refund"), kind: "number" },
        { name: "coupon", label: A("reconciliations.fields.coupon"), kind: "text" },
        { name: "remarks", label: A("reconciliations.fields.remarks"), kind: "textarea", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "customerName", label: A("reconciliations.fields.customer") },
    { field: "deposit", label: A("reconciliations.fields.deposit"), format: "number" },
    { field: "depositToFull", label: A("reconciliations.fields.depositToFull"), format: "number" },
    { field: "fullAmount", label: A("reconciliations.fields.fullAmount"), format: "number" },
    { field: "discount", label: A("reconciliations.fields.discount"), format: "number" },
    { field: "refund", label: A("reconciliations.fields.refund"), format: "number" },
    { field: "net", label: A("reconciliations.fields.net"), format: "number" },
    { field: "coupon", label: A("reconciliations.fields.coupon") },
    { field: "status", label: A("reconciliations.fields.status"), format: "enum", enumPrefix: A("reconciliationStatuses") },
    { field: "remarks", label: A("reconciliations.fields.remarks") },
  ],
  detail: true,
});
