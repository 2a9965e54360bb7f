import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields, TODAY } from "../resource";

const REPORTERS = [Role.principal, Role.kindergartenAdmin] as const;

/**
 * /daily/epidemic (roles 1,5,10) for the kindergarten: one health daily report per class and day (present, absent,
 * absent for illness with the symptoms, temperature checks and fevers); 422 on `classId` for a second report of the
 * same class and day. The education bureau (10) reads the group's roll-up (the report `epidemicRollup`), not this list.
 */
export const healthReports = defineResource({
  name: "healthReports",
  title: "daily:epidemic.title",
  one: "daily:epidemic.one",
  endpoint: "daily/health_reports/",
  page: "/daily/epidemic",
  can: { create: REPORTERS, change: REPORTERS, delete: REPORTERS },
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    classId: z.number().int(),
    className: z.string(),
    date: z.string(),
    present: z.number().int(),
    absent: z.number().int(),
    absentIll: z.number().int(),
    symptoms: z.string().nullable(),
    temperatureChecked: z.number().int(),
    feverCount: z.number().int(),
    note: z.string().nullable(),
    reporterName: z.string().nullable(),
    updatedAt: z.string(),
  }),
  form: z
    .object({
      classId: fields.ref(),
      date: fields.date(),
      present: fields.integer({ min: 0, max: 1000 }),
      absent: fields.integer({ min: 0, max: 1000 }),
      absentIll: fields.integer({ min: 0, max: 1000 }),
      symptoms: fields.optionalText({ max: 500 }),
      temperatureChecked: fields.integer({ min: 0, max: 1000 }),
      feverCount: fields.integer({ min: 0, max: 1000 }),
      note: fields.optionalText({ max: 500 }),
    })
    .superRefine((v, ctx) => {
      if (v.absentIll > v.absent) ctx.addIssue({ code: "custom", path: ["absentIll"], message: "daily:epidemic.errors.illOverAbsent" });
      if (v.absentIll > 0 && !v.symptoms) ctx.addIssue({ code: "custom", path: ["symptoms"], message: "daily:epidemic.errors.symptomsRequired" });
      if (v.feverCount > v.temperatureChecked) ctx.addIssue({ code: "custom", path: ["feverCount"], message: "daily:epidemic.errors.feverOverChecked" });
    }),
  labelField: "className",
  columns: [
    { field: "date", label: "daily:common.date", sortable: true, format: "date", link: true },
    { field: "className", label: "daily:common.class", sortable: true },
    { field: "present", label: "daily:epidemic.fields.present", format: "number", align: "right" },
    { field: "absent", label: "daily:epidemic.fields.absent", format: "number", align: "right" },
    { field: "absentIll", label: "daily:epidemic.fields.absentIll", format: "number", align: "right", sortable: true },
    { field: "symptoms", label: "daily:epidemic.fields.symptoms" },
    { field: "temperatureChecked", label: "daily:epidemic.fields.temperatureChecked", format: "number", align: "right" },
    { field: "feverCount", label: "daily:epidemic.fields.feverCount", format: "number", align: "right" },
    { field: "reporterName", label: "daily:epidemic.fields.reporter" },
  ],
  filters: [
    { field: "date", label: "daily:common.date", kind: "dateRange" },
    { field: "classId", label: "daily:common.class", kind: "select", options: { lookup: "classOptions" } },
  ],
  search: ["symptoms", "note"],
  defaultSort: "-date",
  formGroups: [
    {
      fields: [
        { name: "classId", label: "daily:common.class", kind: "select", options: { lookup: "classOptions" } },
        { name: "date", label: "daily:common.date", kind: "date" },
        { name: "present", label: "daily:epidemic.fields.present", kind: "integer" },
        { name: "absent", label: "daily:epidemic.fields.absent", kind: "integer" },
        { name: "absentIll", label: "daily:epidemic.fields.absentIll", kind: "integer" },
        { name: "symptoms", label: "daily:epidemic.fields.symptoms", kind: "text" },
        { name: "temperatureChecked", label: "daily:epidemic.fields.temperatureChecked", kind: "integer" },
        { name: "feverCount", label: "daily:epidemic.fields.feverCount", kind: "integer" },
        { name: "note", label: "daily:common.note", kind: "textarea", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "date", label: "daily:common.date", format: "date" },
    { field: "className", label: "daily:common.class" },
    { field: "present", label: "daily:epidemic.fields.present", format: "number" },
    { field: "absent", label: "daily:epidemic.fields.absent", format: "number" },
    { field: "absentIll", label: "daily:epidemic.fields.absentIll", format: "number" },
    { field: "symptoms", label: "daily:epidemic.fields.symptoms" },
    { field: "temperatureChecked", label: "daily:epidemic.fields.temperatureChecked", format: "number" },
    { field: "feverCount", label: "daily:epidemic.fields.feverCount", format: "number" },
    { field: "reporterName", label: "daily:epidemic.fields.reporter" },
  ],
  createDefaults: { date: TODAY, present: "0", absent: "0", absentIll: "0", temperatureChecked: "0", feverCount: "0" },
  detail: true,
});
