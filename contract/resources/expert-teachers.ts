import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

/** /user/expert: an expert (role 2) advises teachers (role 3); both in the caller's scope. Add and remove only. */
export const expertTeachers = defineResource({
  name: "expertTeachers",
  title: "usermgmt:expertTeachers.title",
  one: "usermgmt:expertTeachers.one",
  endpoint: "users/experts/teachers/",
  page: "/user/expert",
  can: { change: [] },
  item: z.object({
    id: z.number().int(),
    expertId: z.number().int(),
    expertName: z.string(),
    expertPhone: z.string(),
    teacherId: z.number().int(),
    teacherName: z.string(),
    teacherPhone: z.string(),
    kindergartenId: z.number().int().nullable(),
    kindergartenName: z.string().nullable(),
  }),
  form: z.object({
    expertId: fields.ref("usermgmt:expertTeachers.errors.expertRequired"),
    teacherId: fields.ref("usermgmt:expertTeachers.errors.teacherRequired"),
  }),
  labelField: "teacherName",
  columns: [
    { field: "expertName", label: "usermgmt:expertTeachers.fields.expert", sortable: true },
    { field: "expertPhone", label: "usermgmt:expertTeachers.fields.expertPhone" },
    { field: "teacherName", label: "usermgmt:expertTeachers.fields.teacher", sortable: true },
    { field: "teacherPhone", label: "usermgmt:expertTeachers.fields.teacherPhone" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin, Role.groupAdmin] },
  ],
  filters: [
    { field: "expertId", label: "usermgmt:expertTeachers.fields.expert", kind: "select", options: { lookup: "usersByRole", query: { roleId: "2" } } },
    {
      field: "kindergartenId",
      label: "resources:common.kindergarten",
      kind: "select",
      options: { lookup: "kindergartens" },
      roles: [Role.superAdmin, Role.groupAdmin],
    },
  ],
  search: ["expertName", "expertPhone", "teacherName", "teacherPhone"],
  defaultSort: "expertName",
  formGroups: [
    {
      fields: [
        { name: "expertId", label: "usermgmt:expertTeachers.fields.expert", kind: "select", options: { lookup: "usersByRole", query: { roleId: "2" } } },
        { name: "teacherId", label: "usermgmt:expertTeachers.fields.teacher", kind: "select", options: { lookup: "usersByRole", query: { roleId: "3" } } },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "expertName", label: "usermgmt:expertTeachers.fields.expert" },
    { field: "expertPhone", label: "usermgmt:expertTeachers.fields.expertPhone" },
    { field: "teacherName", label: "usermgmt:expertTeachers.fields.teacher" },
    { field: "teacherPhone", label: "usermgmt:expertTeachers.fields.teacherPhone" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
});
