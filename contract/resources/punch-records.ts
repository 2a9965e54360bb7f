import * as z from "zod";
import { defineResource } from "../resource";

/**
 * /kindergarten/punch: teachers' punch-in records of the kindergarten (read-only here: teachers punch
 * in from the mobile app). Late = clock-in after the setting's work start; early = clock-out before
 * its work end (computed by the API against the kindergarten's punch-in setting).
 */
export const punchRecords = defineResource({
  name: "punchRecords",
  title: "kgmgmt:punchRecords.title",
  one: "kgmgmt:punchRecords.one",
  endpoint: "kindergartens/punch_records/",
  page: "/kindergarten/punch",
  can: { create: [], change: [], delete: [] },
  item: z.object({
    id: z.number().int(),
    teacherId: z.number().int(),
    teacherName: z.string(),
    teacherPhone: z.string(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
    date: z.string(),
    clockIn: z.string().nullable(),
    clockOut: z.string().nullable(),
    wifiName: z.string().nullable(),
    mac: z.string().nullable(),
    late: z.boolean(),
    early: z.boolean(),
  }),
  form: z.object({}),
  labelField: "teacherName",
  columns: [
    { field: "date", label: "kgmgmt:punchRecords.fields.date", sortable: true, format: "date" },
    { field: "teacherName", label: "kgmgmt:punchRecords.fields.teacher", sortable: true },
    { field: "teacherPhone", label: "kgmgmt:punchRecords.fields.phone" },
    { field: "clockIn", label: "kgmgmt:punchRecords.fields.clockIn", sortable: true },
    { field: "late", label: "kgmgmt:punchRecords.fields.late", format: "enum", enumPrefix: "kgmgmt:punchRecords.lateMarks", tones: { true: "danger" } },
    { field: "clockOut", label: "kgmgmt:punchRecords.fields.clockOut", sortable: true },
    { field: "early", label: "kgmgmt:punchRecords.fields.early", format: "enum", enumPrefix: "kgmgmt:punchRecords.earlyMarks", tones: { true: "warning" } },
    { field: "wifiName", label: "kgmgmt:punchRecords.fields.wifiName" },
    { field: "mac", label: "kgmgmt:punchRecords.fields.mac" },
  ],
  filters: [
    { field: "teacherId", label: "kgmgmt:punchRecords.fields.teacher", kind: "select", options: { lookup: "teachers" } },
    { field: "date", label: "kgmgmt:punchRecords.fields.date", kind: "dateRange" },
    { field: "late", label: "kgmgmt:punchRecords.fields.late", kind: "boolean" },
    { field: "early", label: "kgmgmt:punchRecords.fields.early", kind: "boolean" },
  ],
  defaultSort: "-date",
  formGroups: [],
  exportColumns: [
    { field: "date", label: "kgmgmt:punchRecords.fields.date", format: "date" },
    { field: "teacherName", label: "kgmgmt:punchRecords.fields.teacher" },
    { field: "teacherPhone", label: "kgmgmt:punchRecords.fields.phone" },
    { field: "clockIn", label: "kgmgmt:punchRecords.fields.clockIn" },
    { field: "late", label: "kgmgmt:punchRecords.fields.late", format: "enum", enumPrefix: "kgmgmt:punchRecords.lateMarks" },
    { field: "clockOut", label: "kgmgmt:punchRecords.fields.clockOut" },
    { field: "early", label: "kgmgmt:punchRecords.fields.early", format: "enum", enumPrefix: "kgmgmt:punchRecords.earlyMarks" },
    { field: "wifiName", label: "kgmgmt:punchRecords.fields.wifiName" },
    { field: "mac", label: "kgmgmt:punchRecords.fields.mac" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
  bulkDelete: false,
});
