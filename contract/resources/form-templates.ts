import * as z from "zod";
import { defineResource, fields } from "../resource";
import { dynamicFieldSchema, dynamicFormJson, FIELD_KINDS } from "../dynamic-form";
import { FORM_RECIPIENT_ROLES } from "../dynamic-form-view";

export { FORM_RECIPIENT_ROLES } from "../dynamic-form-view";

/**
 * /daily/formTemplate: form templates a kindergarten admin builds at run time (contract/dynamic-form.ts). The engine
 * serves the list, the item, create/change (the description travels as JSON in `fields`) and delete; the console's
 * builder (app/routes/_console+/daily+/formTemplate_.$.tsx) edits the description without JavaScript. Answers:
 * api/resources/form-templates.ts (`daily/forms/…` for recipients, `…/{id}/answers/` for the template's owner).
 */
export const formTemplates = defineResource({
  name: "formTemplates",
  title: "forms:templates.title",
  one: "forms:templates.one",
  endpoint: "daily/form_templates/",
  page: "/daily/formTemplate",
  item: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    fields: z.array(dynamicFieldSchema),
    fieldCount: z.number().int(),
    answerCount: z.number().int(),
    kindergartenId: z.number().int(),
    /** Recipients: roles and classes; an empty list does not narrow (everyone who may open /daily/form). */
    recipientRoleIds: z.array(z.number().int()),
    recipientClassIds: z.array(z.number().int()),
    updatedAt: z.string(),
  }),
  form: z.object({
    title: fields.text({ max: 50 }),
    description: fields.optionalText({ max: 200 }),
    fields: dynamicFormJson,
    kindergartenId: fields.optionalRef(),
    recipientRoleIds: fields.refs({ max: 16 }),
    recipientClassIds: fields.refs({ max: 100 }),
  }),
  labelField: "title",
  columns: [
    { field: "title", label: "forms:templates.fields.title", sortable: true, link: true },
    { field: "fieldCount", label: "forms:templates.fields.fieldCount", format: "number", align: "right" },
    { field: "answerCount", label: "forms:templates.fields.answerCount", format: "number", align: "right", sortable: true },
    { field: "updatedAt", label: "forms:templates.fields.updatedAt", format: "datetime", sortable: true },
  ],
  search: ["title"],
  defaultSort: "-updatedAt",
  formGroups: [
    {
      fields: [
        { name: "title", label: "forms:templates.fields.title", kind: "text" },
        { name: "description", label: "forms:templates.fields.description", kind: "textarea", wide: true },
      ],
    },
    {
      title: "forms:recipients.title",
      fields: [
        {
          name: "recipientRoleIds",
          label: "forms:recipients.roles",
          kind: "multiselect",
          options: { static: FORM_RECIPIENT_ROLES.map((r) => ({ value: r, label: `menu:role.${r}` })) },
        },
        { name: "recipientClassIds", label: "forms:recipients.classes", kind: "multiselect", options: { lookup: "classOptions" } },
      ],
    },
  ],
  exportable: false,
  bulkDelete: false,
  /** The detail page of a template is its answers (app/routes/_console+/daily+/formTemplate_.$.tsx). */
  detail: true,
});

/** What a recipient reads (`GET daily/forms/`, `GET daily/forms/{id}/`). */
export const fillableForm = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  fields: z.array(dynamicFieldSchema),
  /** Answers the caller submitted to it. */
  mine: z.number().int(),
});
export type FillableForm = z.infer<typeof fillableForm>;

/** `GET daily/form_templates/{id}/answers/`. */
export const answersReply = z.object({
  template: z.object({ id: z.number().int(), title: z.string(), fields: z.array(dynamicFieldSchema) }),
  list: z.array(
    z.object({
      id: z.number().int(),
      userName: z.string(),
      createdAt: z.string(),
      answers: z.record(z.string(), z.unknown()),
      /** Image answers: file id → the file's name (the thumbnail is GET files/{id}?variant=thumb, checked). */
      files: z.record(z.string(), z.string()).optional(),
    }),
  ),
  total: z.number().int(),
  /** Per field (form order): answered sets; choices: count and percent per option; numbers: min/avg/max. */
  summary: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(FIELD_KINDS),
      answered: z.number().int(),
      options: z.array(z.object({ count: z.number().int(), percent: z.number() })).optional(),
      numbers: z.object({ min: z.number(), avg: z.number(), max: z.number() }).nullable().optional(),
    }),
  ),
});
