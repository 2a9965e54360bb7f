import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";
import { CLASS_LEVELS } from "../entities/vocab";

const levelOptions = CLASS_LEVELS.map((v) => ({ value: v, label: `resources:classes.levels.${v}` }));

/** /kindergarten/class: classes of a kindergarten (level, teachers); max_classes is enforced by the API. */
export const classes = defineResource({
  name: "classes",
  title: "resources:classes.title",
  one: "resources:classes.one",
  endpoint: "kindergartens/classes/",
  page: "/kindergarten/class",
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    nameEn: z.string().nullable(),
    level: z.enum(CLASS_LEVELS),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
    teacherIds: z.array(z.number().int()),
    teacherNames: z.array(z.string()),
    studentCount: z.number().int(),
    createdAt: z.string(),
  }),
  form: z.object({
    name: fields.text({ max: 30, message: "resources:classes.errors.nameRequired" }),
    /** Shown to English readers wherever the class is named (lists, options). */
    nameEn: fields.optionalText({ max: 60 }),
    level: fields.choice(CLASS_LEVELS, "resources:classes.errors.levelRequired"),
    /** Group and platform roles choose; a kindergarten admin's classes go to her kindergarten. */
    kindergartenId: fields.optionalRef(),
    teacherIds: fields.refs({ max: 10 }),
  }),
  labelField: "name",
  columns: [
    { field: "name", label: "resources:classes.fields.name", sortable: true, link: true },
    { field: "nameEn", label: "resources:classes.fields.nameEn", sortable: true },
    { field: "level", label: "resources:classes.fields.level", sortable: true, format: "enum", enumPrefix: "resources:classes.levels" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin] },
    { field: "teacherNames", label: "resources:classes.fields.teachers", format: "tags" },
    { field: "studentCount", label: "resources:classes.fields.studentCount", sortable: true, format: "number", align: "right" },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
  ],
  filters: [
    { field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
    { field: "level", label: "resources:classes.fields.level", kind: "select", options: { static: levelOptions } },
  ],
  search: ["name", "nameEn"],
  defaultSort: "name",
  formGroups: [
    {
      fields: [
        { name: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
        { name: "name", label: "resources:classes.fields.name", kind: "text", placeholder: "resources:classes.placeholders.name" },
        { name: "nameEn", label: "resources:classes.fields.nameEn", kind: "text", placeholder: "resources:classes.placeholders.nameEn" },
        { name: "level", label: "resources:classes.fields.level", kind: "select", options: { static: levelOptions } },
        {
          name: "teacherIds",
          label: "resources:classes.fields.teachers",
          kind: "multiselect",
          options: { lookup: "teachers", dependsOn: { field: "kindergartenId", param: "kindergartenId" } },
          help: "resources:classes.help.teachers",
        },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "name", label: "resources:classes.fields.name" },
    { field: "nameEn", label: "resources:classes.fields.nameEn" },
    { field: "level", label: "resources:classes.fields.level", format: "enum", enumPrefix: "resources:classes.levels" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
    { field: "teacherNames", label: "resources:classes.fields.teachers", format: "tags" },
    { field: "studentCount", label: "resources:classes.fields.studentCount", format: "number" },
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
  ],
  detail: true,
});
