import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

/** /user/busTeacher: a bus teacher (role 8) accompanies a bus of the same kindergarten. Add and remove only. */
export const busTeachers = defineResource({
  name: "busTeachers",
  title: "usermgmt:busTeachers.title",
  one: "usermgmt:busTeachers.one",
  endpoint: "users/bus_teachers/buses/",
  page: "/user/busTeacher",
  can: { change: [] },
  item: z.object({
    id: z.number().int(),
    userId: z.number().int(),
    teacherName: z.string(),
    teacherPhone: z.string(),
    busId: z.number().int(),
    busName: z.string(),
    plateNumber: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    userId: fields.ref("usermgmt:busTeachers.errors.teacherRequired"),
    busId: fields.ref("usermgmt:busTeachers.errors.busRequired"),
  }),
  labelField: "teacherName",
  columns: [
    { field: "teacherName", label: "usermgmt:busTeachers.fields.teacher", sortable: true },
    { field: "teacherPhone", label: "usermgmt:busTeachers.fields.teacherPhone" },
    { field: "busName", label: "usermgmt:busTeachers.fields.bus", sortable: true },
    { field: "plateNumber", label: "usermgmt:busTeachers.fields.plateNumber" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin] },
  ],
  filters: [
    { field: "busId", label: "usermgmt:busTeachers.fields.bus", kind: "select", options: { lookup: "busOptions" } },
    { field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
  ],
  search: ["teacherName", "teacherPhone", "busName"],
  defaultSort: "busName",
  formGroups: [
    {
      fields: [
        { name: "userId", label: "usermgmt:busTeachers.fields.teacher", kind: "select", options: { lookup: "usersByRole", query: { roleId: "8" } } },
        { name: "busId", label: "usermgmt:busTeachers.fields.bus", kind: "select", options: { lookup: "busOptions" } },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "teacherName", label: "usermgmt:busTeachers.fields.teacher" },
    { field: "teacherPhone", label: "usermgmt:busTeachers.fields.teacherPhone" },
    { field: "busName", label: "usermgmt:busTeachers.fields.bus" },
    { field: "plateNumber", label: "usermgmt:busTeachers.fields.plateNumber" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
});
