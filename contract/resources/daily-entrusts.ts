import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields, TODAY } from "../resource";

export const ENTRUST_STATUSES = ["to_confirm", "confirmed"] as const;
export const ENTRUST_CONFIRMERS = [Role.principal, Role.teacher, Role.doctor, Role.busTeacher] as const;

/**
 * /daily/entrust (roles 1,3,4,7,8; detail /evaluate/entrust/:id): a parent asks the class something for one day
 * (e.g. "no nap today", "grandma picks him up") for one of his children; to be confirmed → confirmed by a teacher
 * of the class, the child's doctor or bus teacher (or the principal) with a reply (the action's required comment).
 * Reach: api/tenancy studentFilter (teacher: her classes; parent: his children; doctor: bound students; bus teacher: bound buses).
 */
export const entrusts = defineResource({
  name: "entrusts",
  title: "daily:entrust.title",
  one: "daily:entrust.one",
  endpoint: "daily/entrusts/",
  page: "/daily/entrust",
  detailPage: "/evaluate/entrust/:id",
  can: { create: [Role.parent], change: [Role.parent], delete: [Role.parent] },
  rowRule: (verb, row) =>
    (verb === "change" || verb === "delete") && row.status !== "to_confirm" ? { status: 409, key: "daily:entrust.errors.confirmed" } : null,
  states: {
    field: "status",
    list: [
      { name: "to_confirm", label: { zh: "待确认", en: "To be confirmed" }, tone: "warning" },
      { name: "confirmed", label: { zh: "已确认", en: "Confirmed" }, tone: "success" },
    ],
  },
  actions: {
    confirm: {
      label: { zh: "确认", en: "Confirm" },
      from: ["to_confirm"],
      to: "confirmed",
      roles: ENTRUST_CONFIRMERS,
      confirm: true,
      comment: "required",
      commentLabel: "daily:entrust.fields.reply",
      where: ["row", "detail"],
      tone: "primary",
    },
  },
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    date: z.string(),
    content: z.string(),
    status: z.enum(ENTRUST_STATUSES),
    reply: z.string().nullable(),
    authorName: z.string().nullable(),
    confirmedByName: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  form: z.object({
    studentId: fields.ref(),
    date: fields.date(),
    content: fields.text({ max: 500 }),
  }),
  labelField: "content",
  columns: [
    { field: "studentName", label: "daily:common.student", sortable: true, link: true },
    { field: "className", label: "daily:common.class" },
    { field: "date", label: "daily:common.date", sortable: true, format: "date" },
    { field: "content", label: "daily:entrust.fields.content" },
    { field: "status", label: "daily:common.status", sortable: true, format: "enum", enumPrefix: "daily:entrust.statuses" },
    { field: "reply", label: "daily:entrust.fields.reply" },
    { field: "confirmedByName", label: "daily:entrust.fields.confirmedBy" },
  ],
  filters: [
    { field: "date", label: "daily:common.date", kind: "dateRange" },
    {
      field: "status",
      label: "daily:common.status",
      kind: "select",
      options: { static: ENTRUST_STATUSES.map((v) => ({ value: v, label: `daily:entrust.statuses.${v}` })) },
    },
  ],
  search: ["content", "studentName"],
  defaultSort: "-date",
  createDefaults: { date: TODAY }, // a parent's note is almost always for today
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "daily:common.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "date", label: "daily:common.date", kind: "date" },
        { name: "content", label: "daily:entrust.fields.content", kind: "textarea", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "studentName", label: "daily:common.student" },
    { field: "className", label: "daily:common.class" },
    { field: "date", label: "daily:common.date", format: "date" },
    { field: "content", label: "daily:entrust.fields.content" },
    { field: "status", label: "daily:common.status", format: "enum", enumPrefix: "daily:entrust.statuses" },
    { field: "reply", label: "daily:entrust.fields.reply" },
    { field: "confirmedByName", label: "daily:entrust.fields.confirmedBy" },
    { field: "confirmedAt", label: "daily:entrust.fields.confirmedAt", format: "datetime" },
  ],
  detail: true,
});
