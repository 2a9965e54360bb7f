import { kindergartenBindingSchema } from "../entities/bindings";
import * as z from "zod";
import { defineResource, fields } from "../resource";

/**
 * /user/proTeacher (role 6): subject teacher–kindergarten bindings through the section 7 endpoints exactly
 * (GET/POST users/pro_teachers/kindergartens/, DELETE users/pro_teachers/kindergartens/{id}/; api/routes/bindings.ts):
 * list, add and remove only — no item, export or bulk endpoints.
 */
export const proTeacherKindergartens = defineResource({
  name: "proTeacherKindergartens",
  title: "usermgmt:proTeacherKindergartens.title",
  one: "usermgmt:proTeacherKindergartens.one",
  endpoint: "users/pro_teachers/kindergartens/",
  page: "/user/proTeacher",
  can: { change: [] },
  item: kindergartenBindingSchema,
  form: z.object({
    userId: fields.ref("usermgmt:proTeacherKindergartens.errors.userRequired"),
    kindergartenId: fields.ref("resources:common.errors.kindergartenRequired"),
  }),
  labelField: "realName",
  columns: [
    { field: "realName", label: "usermgmt:proTeacherKindergartens.fields.user", sortable: true },
    { field: "phone", label: "usermgmt:proTeacherKindergartens.fields.phone" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true },
  ],
  filters: [{ field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" } }],
  search: ["realName", "phone", "kindergartenName"],
  defaultSort: "id",
  formGroups: [
    {
      fields: [
        { name: "userId", label: "usermgmt:proTeacherKindergartens.fields.user", kind: "select", options: { lookup: "usersByRole", query: { roleId: "11" } } },
        { name: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" } },
      ],
    },
  ],
  bulkDelete: false,
  exportable: false,
  itemEndpoint: false,
});
