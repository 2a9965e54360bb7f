import * as z from "zod";
import { defineResource, fields } from "../resource";

export const GREETING_KINDS = ["birthday", "sick", "welcome", "holiday", "other"] as const;

/** The templates of care greetings (section "Care greetings": birthday, sick child, welcome …), per language. */
export const GREETING_TEMPLATES: Record<(typeof GREETING_KINDS)[number], { zh: string; en: string }> = {
  birthday: { zh: "祝{{name}}生日快乐！愿你健康成长，每天都开开心心。", en: "Happy birthday, {{name}}! Wishing you a healthy, happy year." },
  sick: { zh: "听说{{name}}身体不适，老师们都很挂念，祝早日康复，期待你回到班级。", en: "We heard {{name}} is unwell. Get well soon, we miss you in class." },
  welcome: {
    zh: "欢迎{{name}}加入我们的大家庭！老师和小伙伴们都在等你。",
    en: "Welcome to our kindergarten, {{name}}! Your teachers and friends look forward to meeting you.",
  },
  holiday: { zh: "祝{{name}}和家人假期愉快，注意安全。", en: "Happy holidays to {{name}} and family. Stay safe." },
  other: { zh: "", en: "" },
};

/**
 * /daily/careGreetings (roles 1,3; detail /evaluate/careGreetings/:id): messages to a child's family. The content
 * may be left empty for a kind with a template: the API then writes the template in the writer's language with the
 * child's name.
 */
export const careGreetings = defineResource({
  name: "careGreetings",
  title: "daily:careGreetings.title",
  one: "daily:careGreetings.one",
  endpoint: "daily/care_greetings/",
  page: "/daily/careGreetings",
  detailPage: "/evaluate/careGreetings/:id",
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    kind: z.enum(GREETING_KINDS),
    content: z.string(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
  }),
  form: z.object({
    studentId: fields.ref(),
    kind: fields.choice(GREETING_KINDS),
    content: fields.optionalText({ max: 1000 }),
  }),
  labelField: "content",
  columns: [
    { field: "studentName", label: "daily:common.student", sortable: true, link: true },
    { field: "className", label: "daily:common.class" },
    { field: "kind", label: "daily:careGreetings.fields.kind", sortable: true, format: "enum", enumPrefix: "daily:careGreetings.kinds" },
    { field: "content", label: "daily:careGreetings.fields.content" },
    { field: "authorName", label: "daily:common.author" },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
  ],
  filters: [
    {
      field: "kind",
      label: "daily:careGreetings.fields.kind",
      kind: "select",
      options: { static: GREETING_KINDS.map((v) => ({ value: v, label: `daily:careGreetings.kinds.${v}` })) },
    },
  ],
  search: ["content", "studentName"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "daily:common.student", kind: "select", options: { lookup: "studentOptions" } },
        {
          name: "kind",
          label: "daily:careGreetings.fields.kind",
          kind: "select",
          options: { static: GREETING_KINDS.map((v) => ({ value: v, label: `daily:careGreetings.kinds.${v}` })) },
        },
        { name: "content", label: "daily:careGreetings.fields.content", kind: "textarea", wide: true, help: "daily:careGreetings.help.content" },
      ],
    },
  ],
  exportColumns: [
    { field: "studentName", label: "daily:common.student" },
    { field: "className", label: "daily:common.class" },
    { field: "kind", label: "daily:careGreetings.fields.kind", format: "enum", enumPrefix: "daily:careGreetings.kinds" },
    { field: "content", label: "daily:careGreetings.fields.content" },
    { field: "authorName", label: "daily:common.author" },
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
  ],
  detail: true,
});
