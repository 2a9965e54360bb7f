import * as z from "zod";
import { Role } from "../roles";
import { defineResource } from "../resource";

export const LINK_REQUEST_STATUSES = ["pending", "approved", "refused"] as const;
const statusOptions = LINK_REQUEST_STATUSES.map((v) => ({ value: v, label: `usermgmt:parentRequests.statuses.${v}` }));
const label = (zh: string, en: string) => ({ zh, en });
/** Who decides: the class teacher (her classes) and the kindergarten admin (the kindergarten). */
const REVIEWERS = [Role.teacher, Role.kindergartenAdmin];

/**
 * /student/parentRequests (issue 25 item 6): a self-registered parent whose phone is none of the child's guardian phones
 * on record waits here until the class teacher or the kindergarten admin approves (the binding is written then) or
 * refuses; the parent gets an SMS either way and sees the state on Home. No create, change or delete: only the actions.
 */
export const parentLinkRequests = defineResource({
  name: "parentLinkRequests",
  title: "usermgmt:parentRequests.title",
  one: "usermgmt:parentRequests.one",
  endpoint: "students/parent_requests/",
  page: "/student/parentRequests",
  can: { create: [], change: [], delete: [] },
  bulkDelete: false,
  exportable: false,
  states: {
    field: "status",
    list: [
      { name: "pending", label: label("待审核", "Pending"), tone: "warning" },
      { name: "approved", label: label("已通过", "Approved"), tone: "success" },
      { name: "refused", label: label("已拒绝", "Refused"), tone: "danger" },
    ],
  },
  actions: {
    approve: {
      label: label("通过", "Approve"),
      from: ["pending"],
      to: "approved",
      roles: REVIEWERS,
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "primary",
    },
    refuse: {
      label: label("拒绝", "Refuse"),
      from: ["pending"],
      to: "refused",
      roles: REVIEWERS,
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "danger",
    },
  },
  item: z.object({
    id: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    classId: z.number().int(),
    className: z.string().nullable(),
    parentId: z.number().int(),
    parentName: z.string(),
    parentPhone: z.string(),
    status: z.enum(LINK_REQUEST_STATUSES),
    reviewComment: z.string().nullable(),
    reviewedByName: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    createdAt: z.string(),
    kindergartenId: z.number().int(),
  }),
  form: z.object({}),
  labelField: "studentName",
  columns: [
    { field: "studentName", label: "usermgmt:parentRequests.fields.student", sortable: true, link: true },
    { field: "className", label: "usermgmt:parentRequests.fields.class", sortable: true },
    { field: "parentName", label: "usermgmt:parentRequests.fields.parent", sortable: true },
    { field: "parentPhone", label: "usermgmt:parentRequests.fields.parentPhone" },
    { field: "createdAt", label: "usermgmt:parentRequests.fields.createdAt", sortable: true, format: "datetime" },
    { field: "status", label: "usermgmt:parentRequests.fields.status", sortable: true, format: "enum", enumPrefix: "usermgmt:parentRequests.statuses" },
    { field: "reviewComment", label: "usermgmt:parentRequests.fields.reviewComment" },
  ],
  filters: [
    { field: "status", label: "usermgmt:parentRequests.fields.status", kind: "select", options: { static: statusOptions } },
    { field: "classId", label: "usermgmt:parentRequests.fields.class", kind: "select", options: { lookup: "classOptions" } },
  ],
  search: ["studentName", "parentName", "parentPhone"],
  defaultSort: "-createdAt",
  formGroups: [],
  detail: [
    {
      fields: [
        { field: "studentName", label: "usermgmt:parentRequests.fields.student" },
        { field: "className", label: "usermgmt:parentRequests.fields.class" },
        { field: "parentName", label: "usermgmt:parentRequests.fields.parent" },
        { field: "parentPhone", label: "usermgmt:parentRequests.fields.parentPhone" },
        { field: "createdAt", label: "usermgmt:parentRequests.fields.createdAt", format: "datetime" },
        { field: "status", label: "usermgmt:parentRequests.fields.status", format: "enum", enumPrefix: "usermgmt:parentRequests.statuses" },
        { field: "reviewedByName", label: "usermgmt:parentRequests.fields.reviewedBy" },
        { field: "reviewComment", label: "usermgmt:parentRequests.fields.reviewComment" },
        { field: "reviewedAt", label: "usermgmt:parentRequests.fields.reviewedAt", format: "datetime" },
      ],
    },
  ],
});
