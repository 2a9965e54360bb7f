import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

export const POST_STATUSES = ["visible", "hidden"] as const;
const MODERATORS = [Role.principal, Role.teacher] as const;

/**
 * /daily/classCircle (roles 1,3,11): photo and video posts per class. A teacher or subject teacher posts to a class
 * she reaches, within the kindergarten's limit of posts per class per day (optional_functions.classCirclePostLimit,
 * 0 = no limit; 422 on `classId` past it). Moderation by teachers and the principal: hide / show (record actions),
 * delete. Parents read and comment through `daily/class_circle/{id}/comments/` (their children's classes only);
 * comments are moderated on the post's page.
 */
export const classCirclePosts = defineResource({
  name: "classCirclePosts",
  title: "daily:classCircle.title",
  one: "daily:classCircle.one",
  endpoint: "daily/class_circle/",
  page: "/daily/classCircle",
  can: { delete: MODERATORS },
  states: {
    field: "status",
    list: [
      { name: "visible", label: { zh: "显示中", en: "Visible" }, tone: "success" },
      { name: "hidden", label: { zh: "已隐藏", en: "Hidden" }, tone: "muted" },
    ],
  },
  actions: {
    hide: {
      label: { zh: "隐藏", en: "Hide" },
      from: ["visible"],
      to: "hidden",
      roles: MODERATORS,
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "danger",
    },
    show: { label: { zh: "恢复显示", en: "Show again" }, from: ["hidden"], to: "visible", roles: MODERATORS, where: ["row", "detail"] },
  },
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    classId: z.number().int(),
    className: z.string(),
    content: z.string(),
    imageFileId: z.number().int().nullable(),
    videoFileId: z.number().int().nullable(),
    status: z.enum(POST_STATUSES),
    commentCount: z.number().int(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
  }),
  form: z.object({
    classId: fields.ref(),
    content: fields.text({ max: 1000 }),
    imageFileId: fields.optionalRef(),
    videoFileId: fields.optionalRef(),
  }),
  labelField: "content",
  columns: [
    { field: "content", label: "daily:classCircle.fields.content", link: true },
    { field: "className", label: "daily:common.class", sortable: true },
    { field: "imageFileId", label: "daily:common.photo", format: "image" },
    { field: "status", label: "daily:common.status", sortable: true, format: "enum", enumPrefix: "daily:classCircle.statuses" },
    { field: "commentCount", label: "daily:classCircle.fields.comments", format: "number", align: "right" },
    { field: "authorName", label: "daily:common.author" },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
  ],
  filters: [
    { field: "classId", label: "daily:common.class", kind: "select", options: { lookup: "classOptions" } },
    {
      field: "status",
      label: "daily:common.status",
      kind: "select",
      options: { static: POST_STATUSES.map((v) => ({ value: v, label: `daily:classCircle.statuses.${v}` })) },
    },
  ],
  search: ["content"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "classId", label: "daily:common.class", kind: "select", options: { lookup: "classOptions" } },
        { name: "content", label: "daily:classCircle.fields.content", kind: "textarea", wide: true },
        { name: "imageFileId", label: "daily:classCircle.fields.image", kind: "image", accept: "image/jpeg,image/png", fileKind: "image" },
        { name: "videoFileId", label: "daily:classCircle.fields.video", kind: "file", accept: "video/mp4", fileKind: "video" },
      ],
    },
  ],
  exportColumns: [
    { field: "className", label: "daily:common.class" },
    { field: "content", label: "daily:classCircle.fields.content" },
    { field: "status", label: "daily:common.status", format: "enum", enumPrefix: "daily:classCircle.statuses" },
    { field: "commentCount", label: "daily:classCircle.fields.comments", format: "number" },
    { field: "authorName", label: "daily:common.author" },
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
  ],
  detail: true,
});
