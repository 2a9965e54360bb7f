import { kindergartenBindingSchema } from "../entities/bindings";
import * as z from "zod";
import { defineResource, fields } from "../resource";

/**
 * /user/principal (role 6): principal–kindergarten bindings through the section 7 endpoints exactly
 * (GET/POST users/principals/kindergartens/, DELETE users/principals/kindergartens/{id}/; api/routes/bindings.ts):
 * list, add and remove only — no item, export or bulk endpoints.
 */
export const principalKindergartens = defineResource({
  name: "principalKindergartens",
  title: "usermgmt:principalKindergartens.title",
  one: "usermgmt:principalKindergartens.one",
  endpoint: "users/principals/kindergartens/",
  page: "/user/principal",
  can: { change: [] },
  item: kindergartenBindingSchema,
  form: z.object({
    userId: fields.ref("usermgmt:principalKindergartens.errors.userRequired"),
    kindergartenId: fields.ref("resources:common.errors.kindergartenRequired"),
  }),
  labelField: "realName",
  columns: [
    { field: "realName", label: "usermgmt:principalKindergartens.fields.user", sortable: true },
    { field: "phone", label: "usermgmt:principalKindergartens.fields.phone" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true },
  ],
  filters: [{ field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" } }],
  search: ["realName", "phone", "kindergartenName"],
  defaultSort: "id",
  formGroups: [
    {
      fields: [
        { name: "userId", label: "usermgmt:principalKindergartens.fields.user", kind: "select", options: { lookup: "usersByRole", query: { roleId: "1" } } },
        { name: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" } },
      ],
    },
  ],
  bulkDelete: false,
  exportable: false,
  itemEndpoint: false,
});
