import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

/** /user/doctor: a doctor (role 7) looks after students of the same kindergarten. Add and remove only. */
export const doctorStudents = defineResource({
  name: "doctorStudents",
  title: "usermgmt:doctorStudents.title",
  one: "usermgmt:doctorStudents.one",
  endpoint: "users/doctors/students/",
  page: "/user/doctor",
  can: { change: [] },
  item: z.object({
    id: z.number().int(),
    doctorId: z.number().int(),
    doctorName: z.string(),
    doctorPhone: z.string(),
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    doctorId: fields.ref("usermgmt:doctorStudents.errors.doctorRequired"),
    studentId: fields.ref("usermgmt:doctorStudents.errors.studentRequired"),
  }),
  labelField: "studentName",
  columns: [
    { field: "doctorName", label: "usermgmt:doctorStudents.fields.doctor", sortable: true },
    { field: "doctorPhone", label: "usermgmt:doctorStudents.fields.doctorPhone" },
    { field: "studentName", label: "usermgmt:doctorStudents.fields.student", sortable: true },
    { field: "className", label: "usermgmt:doctorStudents.fields.class", sortable: true },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin] },
  ],
  filters: [
    { field: "doctorId", label: "usermgmt:doctorStudents.fields.doctor", kind: "select", options: { lookup: "usersByRole", query: { roleId: "7" } } },
    { field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
    { field: "classId", label: "usermgmt:doctorStudents.fields.class", kind: "select", options: { lookup: "classOptions" } },
  ],
  search: ["doctorName", "doctorPhone", "studentName"],
  defaultSort: "doctorName",
  formGroups: [
    {
      fields: [
        { name: "doctorId", label: "usermgmt:doctorStudents.fields.doctor", kind: "select", options: { lookup: "usersByRole", query: { roleId: "7" } } },
        { name: "studentId", label: "usermgmt:doctorStudents.fields.student", kind: "select", options: { lookup: "studentOptions" } },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "doctorName", label: "usermgmt:doctorStudents.fields.doctor" },
    { field: "doctorPhone", label: "usermgmt:doctorStudents.fields.doctorPhone" },
    { field: "studentName", label: "usermgmt:doctorStudents.fields.student" },
    { field: "className", label: "usermgmt:doctorStudents.fields.class" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
});
