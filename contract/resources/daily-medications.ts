import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields, TODAY } from "../resource";
import { MAX_SLOTS, splitTimes, TIME_RE } from "../daily/time";

export const MEDICATION_STATUSES = ["todo", "done", "cancelled"] as const;

/** Dose times: HH:MM separated by commas or spaces, at most 8 a day. */
export const doseTimes = fields
  .text({ max: 100, message: "daily:medication.errors.timesRequired" })
  .refine((s) => splitTimes(s).every((t) => TIME_RE.test(t)), "daily:medication.errors.times")
  .refine((s) => splitTimes(s).length <= MAX_SLOTS, `crud:validation.tooMany#max=${MAX_SLOTS}`);

/**
 * /daily/medication (role 7, visible to 7 even when isHideMed is set): a parent's request for one day (child,
 * medicine, dose, times, a photo of the package), recorded by the doctor when the parent hands it in; to be done →
 * done ("give": who gave it and when are recorded) or cancelled (with the reason). The list is the doctor's day list;
 * `dueNow` marks the requests with a dose from 30 minutes before to 60 minutes after now (China time).
 */
export const medications = defineResource({
  name: "medications",
  title: "daily:medication.title",
  one: "daily:medication.one",
  endpoint: "daily/medications/",
  page: "/daily/medication",
  rowRule: (verb, row) => (verb === "change" && row.status !== "todo" ? { status: 409, key: "daily:medication.errors.closed" } : null),
  states: {
    field: "status",
    list: [
      { name: "todo", label: { zh: "待喂药", en: "To be done" }, tone: "warning" },
      { name: "done", label: { zh: "已完成", en: "Done" }, tone: "success" },
      { name: "cancelled", label: { zh: "已取消", en: "Cancelled" }, tone: "muted" },
    ],
  },
  actions: {
    give: {
      label: { zh: "已喂药", en: "Mark given" },
      from: ["todo"],
      to: "done",
      roles: [Role.doctor],
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "primary",
    },
    cancel: {
      label: { zh: "取消", en: "Cancel" },
      from: ["todo"],
      to: "cancelled",
      roles: [Role.doctor],
      confirm: true,
      comment: "required",
      where: ["detail"],
      tone: "danger",
    },
  },
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    date: z.string(),
    medicine: z.string(),
    dose: z.string(),
    times: z.string(),
    photoFileId: z.number().int().nullable(),
    note: z.string().nullable(),
    status: z.enum(MEDICATION_STATUSES),
    dueNow: z.boolean(),
    givenByName: z.string().nullable(),
    givenAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  form: z.object({
    studentId: fields.ref(),
    date: fields.date(),
    medicine: fields.text({ max: 50 }),
    dose: fields.text({ max: 50 }),
    times: doseTimes,
    photoFileId: fields.optionalRef(),
    note: fields.optionalText({ max: 500 }),
  }),
  labelField: "medicine",
  columns: [
    { field: "studentName", label: "daily:common.student", sortable: true, link: true },
    { field: "className", label: "daily:common.class" },
    { field: "date", label: "daily:common.date", sortable: true, format: "date" },
    { field: "medicine", label: "daily:medication.fields.medicine" },
    { field: "dose", label: "daily:medication.fields.dose" },
    { field: "times", label: "daily:medication.fields.times", sortable: true },
    { field: "dueNow", label: "daily:medication.fields.dueNow", format: "boolean", tones: { true: "danger" } },
    { field: "status", label: "daily:common.status", sortable: true, format: "enum", enumPrefix: "daily:medication.statuses" },
    { field: "photoFileId", label: "daily:medication.fields.photo", format: "image" },
    { field: "givenByName", label: "daily:medication.fields.givenBy" },
    { field: "givenAt", label: "daily:medication.fields.givenAt", format: "datetime" },
  ],
  filters: [
    { field: "date", label: "daily:common.date", kind: "dateRange" },
    {
      field: "status",
      label: "daily:common.status",
      kind: "select",
      options: { static: MEDICATION_STATUSES.map((v) => ({ value: v, label: `daily:medication.statuses.${v}` })) },
    },
    { field: "studentId", label: "daily:common.student", kind: "select", options: { lookup: "studentOptions" } },
  ],
  search: ["medicine", "studentName"],
  defaultSort: "times",
  createDefaults: { date: TODAY }, // medication is asked for the day it is handed in
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "daily:common.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "date", label: "daily:common.date", kind: "date" },
        { name: "medicine", label: "daily:medication.fields.medicine", kind: "text" },
        { name: "dose", label: "daily:medication.fields.dose", kind: "text" },
        { name: "times", label: "daily:medication.fields.times", kind: "text", help: "daily:medication.help.times" },
        { name: "photoFileId", label: "daily:medication.fields.photo", kind: "image", accept: "image/jpeg,image/png", fileKind: "image" },
        { name: "note", label: "daily:common.note", kind: "textarea", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "studentName", label: "daily:common.student" },
    { field: "className", label: "daily:common.class" },
    { field: "date", label: "daily:common.date", format: "date" },
    { field: "medicine", label: "daily:medication.fields.medicine" },
    { field: "dose", label: "daily:medication.fields.dose" },
    { field: "times", label: "daily:medication.fields.times" },
    { field: "status", label: "daily:common.status", format: "enum", enumPrefix: "daily:medication.statuses" },
    { field: "givenByName", label: "daily:medication.fields.givenBy" },
    { field: "givenAt", label: "daily:medication.fields.givenAt", format: "datetime" },
  ],
  detail: true,
});
