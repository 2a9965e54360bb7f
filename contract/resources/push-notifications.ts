import * as z from "zod";
import { ROLE_IDS, Role } from "../roles";
import { defineResource, fields } from "../resource";

export const PUSH_STATUSES = ["draft", "sent"] as const;
const statusOptions = PUSH_STATUSES.map((v) => ({ value: v, label: `usermgmt:pushNotifications.statuses.${v}` }));
const roleOptions = ROLE_IDS.map((r) => ({ value: r, label: `menu:role.${r}` }));

/** What separates the phones of a list: commas (either width), semicolons, 、, spaces or new lines. */
const PHONE_SEPARATORS = "[\\s,，;；、]";
/**
 * Phones of chosen persons: 11-digit mobiles (1 then 10 digits), separated as above; the document's `pattern` too.
 * Each phone is followed by separators or the end, so a long run of separators is read once (no backtracking blow-up).
 */
export const PHONE_LIST_RE = new RegExp(`^${PHONE_SEPARATORS}*(?:1\\d{10}(?:${PHONE_SEPARATORS}+|$))*$`);
export const phoneList = z
  .string()
  .trim()
  .max(5000, "crud:validation.tooLong#max=5000")
  .regex(PHONE_LIST_RE, "usermgmt:pushNotifications.errors.phones")
  .nullish()
  .meta({ description: "Mobile numbers (11 digits, starting with 1) separated by commas, semicolons, spaces or new lines." });
export const splitPhones = (s: string | null | undefined) => [...new Set((s ?? "").split(new RegExp(`${PHONE_SEPARATORS}+`)).filter(Boolean))];

/**
 * /user/push (role 6): a notification is saved as a draft (title required; recipients and content may
 * still be missing), then sent: `POST users/push/{id}/send/` refuses without recipients ("select recipients")
 * or content ("enter content"); sending writes one delivery per recipient through the PushProvider.
 * Recipients: everyone matching the chosen roles AND kindergartens (either may be empty = any), plus the persons.
 */
export const pushNotifications = defineResource({
  name: "pushNotifications",
  title: "usermgmt:pushNotifications.title",
  one: "usermgmt:pushNotifications.one",
  endpoint: "users/push/",
  page: "/user/push",
  // A sent notification is history: only drafts are changed; "send" is a record action (draft → sent).
  rowRule: (verb, row) => (verb === "change" && row.status !== "draft" ? { status: 409, key: "usermgmt:pushNotifications.errors.alreadySent" } : null),
  states: {
    field: "status",
    list: [
      { name: "draft", label: { zh: "草稿", en: "Draft" }, tone: "muted" },
      { name: "sent", label: { zh: "已发送", en: "Sent" }, tone: "success" },
    ],
  },
  actions: {
    send: {
      label: { zh: "发送", en: "Send" },
      from: ["draft"],
      to: "sent",
      roles: [Role.superAdmin],
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "primary",
    },
  },
  item: z.object({
    id: z.number().int(),
    title: z.string(),
    content: z.string().nullable(),
    roleIds: z.array(z.number().int()),
    kindergartenIds: z.array(z.number().int()),
    phones: z.string().nullable(),
    status: z.enum(PUSH_STATUSES),
    recipientCount: z.number().int(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  }),
  form: z.object({
    title: fields.text({ max: 50, message: "usermgmt:pushNotifications.errors.titleRequired" }),
    content: fields.optionalText({ max: 2000 }),
    roleIds: fields.refs({ max: 16 }),
    kindergartenIds: fields.refs({ max: 1000 }),
    phones: phoneList,
  }),
  labelField: "title",
  columns: [
    { field: "title", label: "usermgmt:pushNotifications.fields.title", sortable: true, link: true },
    { field: "status", label: "usermgmt:pushNotifications.fields.status", sortable: true, format: "enum", enumPrefix: "usermgmt:pushNotifications.statuses" },
    { field: "recipientCount", label: "usermgmt:pushNotifications.fields.recipientCount", format: "number", sortable: true, align: "right" },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
    { field: "sentAt", label: "usermgmt:pushNotifications.fields.sentAt", sortable: true, format: "datetime" },
  ],
  filters: [{ field: "status", label: "usermgmt:pushNotifications.fields.status", kind: "select", options: { static: statusOptions } }],
  search: ["title", "content"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "title", label: "usermgmt:pushNotifications.fields.title", kind: "text", wide: true },
        { name: "content", label: "usermgmt:pushNotifications.fields.content", kind: "textarea" },
      ],
    },
    {
      title: "usermgmt:pushNotifications.groups.recipients",
      fields: [
        { name: "roleIds", label: "usermgmt:pushNotifications.fields.roles", kind: "multiselect", options: { static: roleOptions } },
        { name: "kindergartenIds", label: "usermgmt:pushNotifications.fields.kindergartens", kind: "multiselect", options: { lookup: "kindergartens" } },
        { name: "phones", label: "usermgmt:pushNotifications.fields.phones", kind: "textarea", help: "usermgmt:pushNotifications.help.phones" },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "title", label: "usermgmt:pushNotifications.fields.title" },
    { field: "content", label: "usermgmt:pushNotifications.fields.content" },
    { field: "status", label: "usermgmt:pushNotifications.fields.status", format: "enum", enumPrefix: "usermgmt:pushNotifications.statuses" },
    { field: "recipientCount", label: "usermgmt:pushNotifications.fields.recipientCount", format: "number" },
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
    { field: "sentAt", label: "usermgmt:pushNotifications.fields.sentAt", format: "datetime" },
  ],
  detail: true,
});
