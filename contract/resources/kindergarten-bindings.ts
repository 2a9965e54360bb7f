import * as z from "zod";
import { Endpoints } from "../api";
import { kindergartenBindingSchema } from "../entities/bindings";
import { defineResource, fields } from "../resource";
import { Role } from "../roles";

/**
 * The two kindergarten bindings of section 7, served by its endpoints exactly (api/routes/bindings.ts):
 *   /user/principal  (role 6): principal–kindergarten,         GET/POST users/principals/kindergartens/, DELETE …/{id}/
 *   /user/proTeacher (role 6): subject teacher–kindergarten,   GET/POST users/pro_teachers/kindergartens/, DELETE …/{id}/
 * List, add and remove only: no item, export or bulk endpoints.
 */
function kindergartenBinding<N extends string>(name: N, endpoint: string, page: string, roleId: number) {
  const key = (k: string) => `usermgmt:${name}.${k}`;
  return defineResource({
    name,
    title: key("title"),
    one: key("one"),
    endpoint,
    page,
    can: { change: [] },
    item: kindergartenBindingSchema,
    form: z.object({
      userId: fields.ref(key("errors.userRequired")),
      kindergartenId: fields.ref("resources:common.errors.kindergartenRequired"),
    }),
    labelField: "realName",
    columns: [
      { field: "realName", label: key("fields.user"), sortable: true },
      { field: "phone", label: key("fields.phone") },
      { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true },
    ],
    filters: [{ field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" } }],
    search: ["realName", "phone", "kindergartenName"],
    defaultSort: "id",
    formGroups: [
      {
        fields: [
          { name: "userId", label: key("fields.user"), kind: "select", options: { lookup: "usersByRole", query: { roleId: String(roleId) } } },
          { name: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" } },
        ],
      },
    ],
    bulkDelete: false,
    exportable: false,
    itemEndpoint: false,
  });
}

export const principalKindergartens = kindergartenBinding("principalKindergartens", Endpoints.principalsKindergartens, "/user/principal", Role.principal);
export const proTeacherKindergartens = kindergartenBinding(
  "proTeacherKindergartens",
  Endpoints.proTeachersKindergartens,
  "/user/proTeacher",
  Role.subjectTeacher,
);
