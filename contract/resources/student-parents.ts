import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

export const RELATIONSHIPS = ["father", "mother", "grandfather", "grandmother", "other"] as const;
const relationshipOptions = RELATIONSHIPS.map((v) => ({ value: v, label: `usermgmt:studentParents.relationships.${v}` }));

/** /user/studentParent: a student and a parent (role 4) with the relationship; both in the caller's scope. */
export const studentParents = defineResource({
  name: "studentParents",
  title: "usermgmt:studentParents.title",
  one: "usermgmt:studentParents.one",
  endpoint: "users/students/parents/",
  page: "/user/studentParent",
  can: { change: [] },
  item: z.object({
    id: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    parentId: z.number().int(),
    parentName: z.string(),
    parentPhone: z.string(),
    relationship: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    studentId: fields.ref("usermgmt:studentParents.errors.studentRequired"),
    parentId: fields.ref("usermgmt:studentParents.errors.parentRequired"),
    relationship: fields.choice(RELATIONSHIPS, "usermgmt:studentParents.errors.relationshipRequired"),
  }),
  labelField: "studentName",
  columns: [
    { field: "studentName", label: "usermgmt:studentParents.fields.student", sortable: true },
    { field: "className", label: "usermgmt:studentParents.fields.class", sortable: true },
    { field: "parentName", label: "usermgmt:studentParents.fields.parent", sortable: true },
    { field: "parentPhone", label: "usermgmt:studentParents.fields.parentPhone" },
    { field: "relationship", label: "usermgmt:studentParents.fields.relationship", format: "enum", enumPrefix: "usermgmt:studentParents.relationships" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin, Role.groupAdmin] },
  ],
  filters: [
    {
      field: "kindergartenId",
      label: "resources:common.kindergarten",
      kind: "select",
      options: { lookup: "kindergartens" },
      roles: [Role.superAdmin, Role.groupAdmin],
    },
    { field: "classId", label: "usermgmt:studentParents.fields.class", kind: "select", options: { lookup: "classOptions" } },
    { field: "relationship", label: "usermgmt:studentParents.fields.relationship", kind: "select", options: { static: relationshipOptions } },
  ],
  search: ["studentName", "parentName", "parentPhone"],
  defaultSort: "studentName",
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "usermgmt:studentParents.fields.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "parentId", label: "usermgmt:studentParents.fields.parent", kind: "select", options: { lookup: "usersByRole", query: { roleId: "4" } } },
        { name: "relationship", label: "usermgmt:studentParents.fields.relationship", kind: "select", options: { static: relationshipOptions } },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "studentName", label: "usermgmt:studentParents.fields.student" },
    { field: "className", label: "usermgmt:studentParents.fields.class" },
    { field: "parentName", label: "usermgmt:studentParents.fields.parent" },
    { field: "parentPhone", label: "usermgmt:studentParents.fields.parentPhone" },
    { field: "relationship", label: "usermgmt:studentParents.fields.relationship", format: "enum", enumPrefix: "usermgmt:studentParents.relationships" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
});
