import * as z from "zod";
import { defineResource, fields } from "../resource";

/** /kindergarten/group: education groups (name in both languages), with their number of kindergartens. Super admin only. */
export const groups = defineResource({
  name: "groups",
  title: "kgmgmt:groups.title",
  one: "kgmgmt:groups.one",
  endpoint: "education_groups/",
  page: "/kindergarten/group",
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    nameEn: z.string().nullable(),
    kindergartenCount: z.number().int(),
    createdAt: z.string(),
  }),
  form: z.object({
    name: fields.text({ max: 50, message: "kgmgmt:groups.errors.nameRequired" }),
    nameEn: fields.optionalText({ max: 100 }),
  }),
  labelField: "name",
  columns: [
    { field: "name", label: "kgmgmt:groups.fields.name", sortable: true, link: true },
    { field: "nameEn", label: "kgmgmt:groups.fields.nameEn", sortable: true },
    { field: "kindergartenCount", label: "kgmgmt:groups.fields.kindergartenCount", sortable: true, format: "number", align: "right" },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
  ],
  search: ["name", "nameEn"],
  defaultSort: "id",
  formGroups: [
    {
      fields: [
        { name: "name", label: "kgmgmt:groups.fields.name", kind: "text", placeholder: "kgmgmt:groups.placeholders.name" },
        { name: "nameEn", label: "kgmgmt:groups.fields.nameEn", kind: "text", placeholder: "kgmgmt:groups.placeholders.nameEn" },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "name", label: "kgmgmt:groups.fields.name" },
    { field: "nameEn", label: "kgmgmt:groups.fields.nameEn" },
    { field: "kindergartenCount", label: "kgmgmt:groups.fields.kindergartenCount", format: "number" },
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
  ],
});
