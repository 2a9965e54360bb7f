import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

export const NOTICE_STATUSES = ["draft", "published"] as const;
export const NOTICE_AUDIENCES = ["kindergarten", "classes", "roles"] as const;
/** Roles a notice may be addressed to (the staff and parents of a kindergarten, and the education bureau). */
export const NOTICE_ROLES = [1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 14] as const;
export const NOTICE_AUTHORS = [Role.principal, Role.teacher] as const;

/**
 * /daily/notice (roles 1,2,3,4,7,8,10,11,12,14): a notice is saved as a draft first (title required), then
 * published (section 5: recipients chosen and content entered, else 422; an unknown draft 404 "save a draft first").
 * Recipients: the whole kindergarten (everyone of it, and the education bureau of its group), classes (their
 * teachers and the children's parents) or roles (users of the kindergarten holding them; role 10: the bureau
 * leaders of its group). Publishing writes one `notice_recipients` row per recipient; opening a published notice
 * marks it read (read receipts). Principals and teachers write; a teacher addresses only her classes. Everyone else
 * (and role 10, read-only) sees the published notices addressed to them.
 */
export const notices = defineResource({
  name: "notices",
  title: "daily:notice.title",
  one: "daily:notice.one",
  endpoint: "daily/notices/",
  page: "/daily/notice",
  can: { create: NOTICE_AUTHORS, change: NOTICE_AUTHORS, delete: NOTICE_AUTHORS },
  rowRule: (verb, row, actor) => {
    if (verb === "change" && row.status !== "draft") return { status: 409, key: "daily:notice.errors.alreadyPublished" };
    if ((verb === "change" || verb === "delete" || verb === "publish") && actor.roleId === Role.teacher && row.createdBy !== actor.userId)
      return { status: 403, key: "daily:notice.errors.notYours" };
    return null;
  },
  states: {
    field: "status",
    list: [
      { name: "draft", label: { zh: "草稿", en: "Draft" }, tone: "muted" },
      { name: "published", label: { zh: "已发布", en: "Published" }, tone: "success" },
    ],
  },
  actions: {
    publish: {
      label: { zh: "发布", en: "Publish" },
      from: ["draft"],
      to: "published",
      roles: NOTICE_AUTHORS,
      confirm: true,
      where: ["row", "detail"],
      tone: "primary",
    },
  },
  item: z.object({
    id: z.number().int(),
    /** The notice's kindergarten (not `kindergartenId`: who reads it is decided by its recipients, not the kindergarten). */
    ownerKindergartenId: z.number().int(),
    title: z.string(),
    content: z.string().nullable(),
    audience: z.enum(NOTICE_AUDIENCES),
    classIds: z.array(z.number().int()),
    roleIds: z.array(z.number().int()),
    imageFileId: z.number().int().nullable(),
    videoFileId: z.number().int().nullable(),
    status: z.enum(NOTICE_STATUSES),
    recipientCount: z.number().int(),
    readCount: z.number().int(),
    kindergartenName: z.string(),
    createdBy: z.number().int().nullable(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
    publishedAt: z.string().nullable(),
  }),
  form: z.object({
    title: fields.text({ max: 50 }),
    content: fields.optionalText({ max: 5000 }),
    audience: fields.choice(NOTICE_AUDIENCES),
    classIds: fields.refs({ max: 100 }),
    roleIds: fields.refs({ max: 16 }),
    imageFileId: fields.optionalRef(),
    videoFileId: fields.optionalRef(),
  }),
  createDefaults: { audience: "kindergarten" },
  labelField: "title",
  columns: [
    { field: "title", label: "daily:notice.fields.title", sortable: true, link: true },
    { field: "status", label: "daily:common.status", sortable: true, format: "enum", enumPrefix: "daily:notice.statuses" },
    { field: "audience", label: "daily:notice.fields.audience", format: "enum", enumPrefix: "daily:notice.audiences" },
    { field: "kindergartenName", label: "daily:common.kindergarten", roles: [Role.bureauLeader] },
    { field: "authorName", label: "daily:notice.fields.author" },
    { field: "readCount", label: "daily:notice.fields.readCount", format: "number", align: "right", roles: NOTICE_AUTHORS },
    { field: "recipientCount", label: "daily:notice.fields.recipientCount", format: "number", align: "right", roles: NOTICE_AUTHORS },
    { field: "publishedAt", label: "daily:notice.fields.publishedAt", sortable: true, format: "datetime" },
  ],
  filters: [
    {
      field: "status",
      label: "daily:common.status",
      kind: "select",
      options: { static: NOTICE_STATUSES.map((v) => ({ value: v, label: `daily:notice.statuses.${v}` })) },
      roles: NOTICE_AUTHORS,
    },
    { field: "unread", label: "daily:notice.fields.unread", kind: "boolean" },
  ],
  search: ["title", "content"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "title", label: "daily:notice.fields.title", kind: "text", wide: true },
        { name: "content", label: "daily:notice.fields.content", kind: "textarea", wide: true },
        { name: "imageFileId", label: "daily:notice.fields.image", kind: "image", accept: "image/jpeg,image/png", fileKind: "image" },
        { name: "videoFileId", label: "daily:notice.fields.video", kind: "file", accept: "video/mp4", fileKind: "video" },
      ],
    },
    {
      title: "daily:notice.groups.recipients",
      fields: [
        {
          name: "audience",
          label: "daily:notice.fields.audience",
          kind: "select",
          options: { static: NOTICE_AUDIENCES.map((v) => ({ value: v, label: `daily:notice.audiences.${v}` })) },
        },
        { name: "classIds", label: "daily:notice.fields.classes", kind: "multiselect", options: { lookup: "classOptions" } },
        {
          name: "roleIds",
          label: "daily:notice.fields.roles",
          kind: "multiselect",
          options: { static: NOTICE_ROLES.map((r) => ({ value: r, label: `menu:role.${r}` })) },
        },
      ],
    },
  ],
  exportColumns: [
    { field: "title", label: "daily:notice.fields.title" },
    { field: "content", label: "daily:notice.fields.content" },
    { field: "status", label: "daily:common.status", format: "enum", enumPrefix: "daily:notice.statuses" },
    { field: "authorName", label: "daily:notice.fields.author" },
    { field: "readCount", label: "daily:notice.fields.readCount", format: "number" },
    { field: "recipientCount", label: "daily:notice.fields.recipientCount", format: "number" },
    { field: "publishedAt", label: "daily:notice.fields.publishedAt", format: "datetime" },
  ],
  detail: [
    {
      fields: [
        { field: "title", label: "daily:notice.fields.title" },
        { field: "content", label: "daily:notice.fields.content" },
        { field: "imageFileId", label: "daily:common.photo", format: "image" },
        // No status here: the state panel below the fields shows it (one "状态 / Status" on the page).
        { field: "audience", label: "daily:notice.fields.audience", format: "enum", enumPrefix: "daily:notice.audiences" },
        { field: "kindergartenName", label: "daily:common.kindergarten" },
        { field: "authorName", label: "daily:notice.fields.author" },
        { field: "publishedAt", label: "daily:notice.fields.publishedAt", format: "datetime" },
        { field: "readCount", label: "daily:notice.fields.readCount", format: "number" },
        { field: "recipientCount", label: "daily:notice.fields.recipientCount", format: "number" },
      ],
    },
  ],
});
