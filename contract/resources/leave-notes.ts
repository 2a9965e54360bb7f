import * as z from "zod";
import { Role, type RoleId } from "../roles";
import { defineResource, fields, type Actor, type Refusal } from "../resource";

export const LEAVE_TYPES = ["absence", "exemption"] as const;
export const LEAVE_REASONS = ["personal", "sick", "bus"] as const;
export const LEAVE_STATUSES = ["waiting", "passed", "denied"] as const;

const typeOptions = LEAVE_TYPES.map((v) => ({ value: v, label: `students:leave.types.${v}` }));
const reasonOptions = LEAVE_REASONS.map((v) => ({ value: v, label: `students:leave.reasons.${v}` }));
const statusOptions = LEAVE_STATUSES.map((v) => ({ value: v, label: `students:leave.statuses.${v}` }));

/** The longest note (decision): one school term. */
export const LEAVE_MAX_DAYS = 150;

const days = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;

const form = z
  .object({
    studentId: fields.ref("students:leave.errors.studentRequired"),
    type: fields.choice(LEAVE_TYPES, "students:leave.errors.typeRequired"),
    reason: fields.choice(LEAVE_REASONS, "students:leave.errors.reasonRequired"),
    startDate: fields.date("students:leave.errors.startRequired"),
    endDate: fields.date("students:leave.errors.endRequired"),
    remark: fields.optionalText({ max: 200 }),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "students:leave.errors.endBeforeStart" });
    else if (days(v.startDate, v.endDate) > LEAVE_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `students:leave.errors.tooLong#max=${LEAVE_MAX_DAYS}` });
  });

const item = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  allergies: z.string().nullable(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  type: z.enum(LEAVE_TYPES),
  reason: z.enum(LEAVE_REASONS),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(LEAVE_STATUSES),
  remark: z.string().nullable(),
  createdByName: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewComment: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});

/** Only waiting notes change or go; reviewed ones are history. */
export function leaveRowRule(verb: string, row: Record<string, unknown>, _actor: Actor): Refusal | null {
  if ((verb === "change" || verb === "delete") && row.status !== "waiting") return { status: 409, key: "students:leave.errors.reviewed" };
  return null;
}

const label = (zh: string, en: string) => ({ zh, en });

function leaveDefinition(o: { name: string; page: string; endpoint: string; writers: readonly RoleId[]; reviewers: readonly RoleId[] }) {
  return defineResource({
    name: o.name,
    title: o.name === "leaveNotes" ? "students:leave.title" : "students:leave.titleTeacher",
    one: "students:leave.one",
    endpoint: o.endpoint,
    page: o.page,
    can: { create: o.writers, change: o.writers, delete: o.writers },
    rowRule: leaveRowRule,
    states: {
      field: "status",
      list: [
        { name: "waiting", label: label("待审核", "Waiting"), tone: "warning" },
        { name: "passed", label: label("已通过", "Passed"), tone: "success" },
        { name: "denied", label: label("已驳回", "Denied"), tone: "danger" },
      ],
    },
    actions: {
      pass: {
        label: label("通过", "Pass"),
        from: ["waiting"],
        to: "passed",
        roles: o.reviewers,
        confirm: true,
        comment: "optional",
        where: ["row", "detail"],
        tone: "primary",
      },
      deny: {
        label: label("驳回", "Deny"),
        from: ["waiting"],
        to: "denied",
        roles: o.reviewers,
        confirm: true,
        comment: "required",
        where: ["row", "detail"],
        tone: "danger",
      },
    },
    item,
    form,
    labelField: "studentName",
    columns: [
      { field: "studentName", label: "students:leave.fields.student", sortable: true, link: true },
      { field: "allergies", label: "students:fields.allergies" },
      { field: "className", label: "students:fields.class", sortable: true },
      { field: "type", label: "students:leave.fields.type", format: "enum", enumPrefix: "students:leave.types" },
      { field: "reason", label: "students:leave.fields.reason", format: "enum", enumPrefix: "students:leave.reasons" },
      { field: "startDate", label: "students:leave.fields.startDate", sortable: true, format: "date" },
      { field: "endDate", label: "students:leave.fields.endDate", sortable: true, format: "date" },
      { field: "status", label: "students:leave.fields.status", sortable: true, format: "enum", enumPrefix: "students:leave.statuses" },
      { field: "reviewComment", label: "students:leave.fields.reviewComment" },
    ],
    filters: [
      { field: "status", label: "students:leave.fields.status", kind: "select", options: { static: statusOptions } },
      { field: "reason", label: "students:leave.fields.reason", kind: "select", options: { static: reasonOptions } },
      { field: "classId", label: "students:fields.class", kind: "select", options: { lookup: "classOptions" } },
      { field: "startDate", label: "students:leave.fields.startDate", kind: "dateRange" },
    ],
    search: ["studentName"],
    defaultSort: "-startDate",
    formGroups: [
      {
        fields: [
          { name: "studentId", label: "students:leave.fields.student", kind: "select", options: { lookup: "studentOptions" } },
          { name: "type", label: "students:leave.fields.type", kind: "select", options: { static: typeOptions } },
          { name: "reason", label: "students:leave.fields.reason", kind: "select", options: { static: reasonOptions } },
          { name: "startDate", label: "students:leave.fields.startDate", kind: "date" },
          { name: "endDate", label: "students:leave.fields.endDate", kind: "date", help: "students:leave.help.endDate" },
          { name: "remark", label: "students:leave.fields.remark", kind: "textarea", wide: true },
        ],
      },
    ],
    exportColumns: [
      { field: "id", label: "resources:common.id" },
      { field: "studentName", label: "students:leave.fields.student" },
      { field: "className", label: "students:fields.class" },
      { field: "type", label: "students:leave.fields.type", format: "enum", enumPrefix: "students:leave.types" },
      { field: "reason", label: "students:leave.fields.reason", format: "enum", enumPrefix: "students:leave.reasons" },
      { field: "startDate", label: "students:leave.fields.startDate" },
      { field: "endDate", label: "students:leave.fields.endDate" },
      { field: "status", label: "students:leave.fields.status", format: "enum", enumPrefix: "students:leave.statuses" },
      { field: "remark", label: "students:leave.fields.remark" },
      { field: "createdByName", label: "students:leave.fields.createdBy" },
      { field: "reviewedByName", label: "students:leave.fields.reviewedBy" },
      { field: "reviewComment", label: "students:leave.fields.reviewComment" },
      { field: "reviewedAt", label: "students:leave.fields.reviewedAt", format: "datetime" },
    ],
    detail: [
      {
        fields: [
          { field: "studentName", label: "students:leave.fields.student" },
          { field: "allergies", label: "students:fields.allergies" },
          { field: "className", label: "students:fields.class" },
          { field: "type", label: "students:leave.fields.type", format: "enum", enumPrefix: "students:leave.types" },
          { field: "reason", label: "students:leave.fields.reason", format: "enum", enumPrefix: "students:leave.reasons" },
          { field: "startDate", label: "students:leave.fields.startDate", format: "date" },
          { field: "endDate", label: "students:leave.fields.endDate", format: "date" },
          { field: "status", label: "students:leave.fields.status", format: "enum", enumPrefix: "students:leave.statuses" },
          { field: "remark", label: "students:leave.fields.remark" },
          { field: "createdByName", label: "students:leave.fields.createdBy" },
          { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
          { field: "reviewedByName", label: "students:leave.fields.reviewedBy" },
          { field: "reviewComment", label: "students:leave.fields.reviewComment" },
          { field: "reviewedAt", label: "students:leave.fields.reviewedAt", format: "datetime" },
        ],
      },
    ],
  });
}

/** /student/leaveNotes: the kindergarten admin's list of every note of her kindergarten; she files and reviews. */
export const leaveNotes = leaveDefinition({
  name: "leaveNotes",
  page: "/student/leaveNotes",
  endpoint: "students/leave_notes/",
  writers: [Role.kindergartenAdmin],
  reviewers: [Role.kindergartenAdmin],
});

/**
 * /daily/leaveNotesTeacher: notes of the caller's reach (a teacher her classes, a bus teacher her riders, the
 * principal the kindergarten). All three file notes for a family; the principal and the class teacher review.
 */
export const leaveNotesTeacher = leaveDefinition({
  name: "leaveNotesTeacher",
  page: "/daily/leaveNotesTeacher",
  endpoint: "daily/leave_notes/",
  writers: [Role.principal, Role.teacher, Role.busTeacher],
  reviewers: [Role.principal, Role.teacher],
});
