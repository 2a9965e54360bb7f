import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

/** /kindergarten/place: rooms and areas of a kindergarten (name, capacity, remark). */
export const places = defineResource({
  name: "places",
  title: "resources:places.title",
  one: "resources:places.one",
  endpoint: "kindergartens/places/",
  page: "/kindergarten/place",
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    capacity: z.number().int().nullable(),
    remark: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    name: fields.text({ max: 30, message: "resources:places.errors.nameRequired" }),
    capacity: fields.optionalInteger({ min: 1, max: 10000 }),
    remark: fields.optionalText({ max: 200 }),
    kindergartenId: fields.optionalRef(),
  }),
  labelField: "name",
  columns: [
    { field: "name", label: "resources:places.fields.name", sortable: true, link: true },
    { field: "capacity", label: "resources:places.fields.capacity", sortable: true, format: "number", align: "right" },
    { field: "remark", label: "resources:places.fields.remark" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin] },
  ],
  filters: [
    { field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
  ],
  search: ["name", "remark"],
  defaultSort: "name",
  formGroups: [
    {
      fields: [
        { name: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
        { name: "name", label: "resources:places.fields.name", kind: "text" },
        { name: "capacity", label: "resources:places.fields.capacity", kind: "integer" },
        { name: "remark", label: "resources:places.fields.remark", kind: "textarea", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "name", label: "resources:places.fields.name" },
    { field: "capacity", label: "resources:places.fields.capacity", format: "number" },
    { field: "remark", label: "resources:places.fields.remark" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
  importColumns: [
    { field: "name", label: "resources:places.fields.name", example: "多功能厅" },
    { field: "capacity", label: "resources:places.fields.capacity", example: "60" },
    { field: "remark", label: "resources:places.fields.remark", example: "" },
  ],
});
