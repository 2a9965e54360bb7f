import * as z from "zod";
import { newPasswordField } from "../password-policy";
import { ROLE_IDS, Role } from "../roles";
import { grantableRoles } from "../user-roles";
import { personRefusal, type PersonReach, type PersonVerb } from "../person-reach";
import { defineResource, fields, type Actor, type Refusal } from "../resource";
import { GENDERS } from "../entities/vocab";

export { GRANTABLE_ROLES, grantableRoles, mayManage } from "../user-roles";

/**
 * The row rule of /user/userAdministration (the API guards every row write with it; the console offers only what
 * it allows): the one person rule of contract/person-reach.ts on the row's `reach` (the API adds it to every item):
 * a user is changed, enabled/disabled, reset or deleted only by a caller whose reach covers all of hers and who may
 * grant all her roles; nobody disables or deletes herself.
 */
export function userRowRule(verb: string, row: Record<string, unknown>, actor: Actor): Refusal | null {
  return personRefusal(actor, row.reach as PersonReach | undefined, verb as PersonVerb);
}

const roleOptions = ROLE_IDS.map((r) => ({ value: r, label: `menu:role.${r}` }));
/** Role choices of this page: the roles the administrator may grant (the API refuses the others). */
const grantableRoleOptions = { static: roleOptions, allowed: (a: Actor) => grantableRoles(a.roleId) };
const genderOptions = GENDERS.map((g) => ({ value: g, label: `usermgmt:users.genders.${g}` }));

const base = {
  realName: fields.text({ max: 20, message: "usermgmt:users.errors.realNameRequired" }),
  phone: fields.phone("usermgmt:users.errors.phoneRequired"),
  gender: fields.choice(GENDERS).nullish(),
  enabled: fields.boolean(),
  email: fields.email(),
  educationGroupId: fields.optionalRef(),
  kindergartenId: fields.optionalRef(),
  classId: fields.optionalRef(),
  roleIds: z
    .array(
      z
        .number({ error: "crud:validation.choose" })
        .int()
        .refine((n) => (ROLE_IDS as number[]).includes(n), "crud:validation.oneOf"),
      {
        error: "usermgmt:users.errors.rolesRequired",
      },
    )
    .min(1, "usermgmt:users.errors.rolesRequired")
    .max(16, "crud:validation.tooMany#max=16"),
  defaultRoleId: z
    .number({ error: "usermgmt:users.errors.defaultRoleRequired" })
    .int("usermgmt:users.errors.defaultRoleRequired")
    .refine((n) => (ROLE_IDS as number[]).includes(n), "crud:validation.oneOf"),
  bonusPoints: fields.optionalInteger({ min: 0, max: 1000000 }),
  /** A temporary image file (POST files/?kind=image) or the current photo; saving the user moves it to the main bucket. */
  photoFileId: fields.optionalRef(),
};

/** The default role must be one of the user's roles (section 5: "select … role, default role"). */
const defaultAmongRoles = (v: { roleIds: number[]; defaultRoleId: number }, ctx: z.RefinementCtx) => {
  if (v.roleIds.length && !v.roleIds.includes(v.defaultRoleId))
    ctx.addIssue({ code: "custom", path: ["defaultRoleId"], message: "usermgmt:users.errors.defaultRoleNotAmongRoles" });
};

/** /user/userAdministration: the users of the caller's reach (kindergarten, group, platform). */
export const users = defineResource({
  name: "users",
  title: "usermgmt:users.title",
  one: "usermgmt:users.one",
  endpoint: "users/",
  page: "/user/userAdministration",
  rowVerbs: ["setEnabled", "resetPassword"],
  rowRule: userRowRule,
  states: {
    field: "enabled",
    list: [
      { name: "enabled", label: { zh: "启用", en: "Enabled" }, tone: "success", stored: 1, item: true },
      { name: "disabled", label: { zh: "停用", en: "Disabled" }, tone: "danger", stored: 0, item: false },
    ],
  },
  actions: {
    enable: { label: { zh: "启用", en: "Enable" }, from: ["disabled"], to: "enabled", where: ["row", "detail", "bulk"], tone: "primary" },
    disable: {
      label: { zh: "停用", en: "Disable" },
      from: ["enabled"],
      to: "disabled",
      confirm: true,
      comment: "optional",
      where: ["row", "detail", "bulk"],
      tone: "danger",
    },
  },
  item: z.object({
    id: z.number().int(),
    realName: z.string(),
    phone: z.string(),
    gender: z.enum(GENDERS).nullable(),
    enabled: z.boolean(),
    email: z.string().nullable(),
    educationGroupId: z.number().int().nullable(),
    educationGroupName: z.string().nullable(),
    kindergartenId: z.number().int().nullable(),
    kindergartenName: z.string().nullable(),
    classId: z.number().int().nullable(),
    className: z.string().nullable(),
    roleIds: z.array(z.number().int()),
    roleNames: z.array(z.string()),
    defaultRoleId: z.number().int(),
    bonusPoints: z.number().int(),
    createdAt: z.string(),
    photoFileId: z.number().int().nullable().optional(),
    /** What the person's roles and bindings span (contract/person-reach.ts), the input of the row rule. */
    reach: z
      .object({
        userId: z.number().int(),
        roleIds: z.array(z.number().int()),
        level: z.enum(["platform", "group", "kindergarten"]),
        kindergartenIds: z.array(z.number().int()),
        groupIds: z.array(z.number().int()),
      })
      .optional(),
  }),
  // Create: with the initial password (section 5 policy; the console sends it AES-encrypted like login).
  form: z.object({ ...base, password: newPasswordField }).superRefine(defaultAmongRoles),
  changeForm: z.object(base).superRefine(defaultAmongRoles),
  labelField: "realName",
  columns: [
    { field: "photoFileId", label: "usermgmt:users.fields.photo", format: "image" },
    { field: "realName", label: "usermgmt:users.fields.realName", sortable: true, link: true },
    { field: "phone", label: "usermgmt:users.fields.phone", sortable: true },
    { field: "roleNames", label: "usermgmt:users.fields.roles", format: "tags" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin, Role.groupAdmin] },
    { field: "className", label: "usermgmt:users.fields.class", sortable: true },
    { field: "enabled", label: "usermgmt:users.fields.enabled", format: "boolean", sortable: true },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
  ],
  filters: [
    { field: "roleId", label: "usermgmt:users.fields.role", kind: "select", options: grantableRoleOptions },
    {
      field: "kindergartenId",
      label: "resources:common.kindergarten",
      kind: "select",
      options: { lookup: "kindergartens" },
      roles: [Role.superAdmin, Role.groupAdmin],
    },
    { field: "classId", label: "usermgmt:users.fields.class", kind: "select", options: { lookup: "classOptions" } },
    { field: "enabled", label: "usermgmt:users.fields.enabled", kind: "boolean" },
  ],
  search: ["realName", "phone"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      title: "usermgmt:users.groups.account",
      fields: [
        { name: "realName", label: "usermgmt:users.fields.realName", kind: "text" },
        { name: "phone", label: "usermgmt:users.fields.phone", kind: "phone", placeholder: "usermgmt:users.placeholders.phone" },
        { name: "password", label: "usermgmt:users.fields.password", kind: "password", createOnly: true, help: "usermgmt:users.help.password" },
        { name: "gender", label: "usermgmt:users.fields.gender", kind: "select", options: { static: genderOptions } },
        { name: "email", label: "usermgmt:users.fields.email", kind: "email" },
        { name: "bonusPoints", label: "usermgmt:users.fields.bonusPoints", kind: "integer", help: "usermgmt:users.help.bonusPoints" },
        { name: "enabled", label: "usermgmt:users.fields.enabled", kind: "boolean" },
        { name: "photoFileId", label: "usermgmt:users.fields.photo", kind: "image", accept: "image/jpeg,image/png", help: "usermgmt:users.help.photo" },
      ],
    },
    {
      title: "usermgmt:users.groups.organisation",
      fields: [
        {
          name: "educationGroupId",
          label: "usermgmt:users.fields.group",
          kind: "select",
          options: { lookup: "educationGroups" },
          roles: [Role.superAdmin],
          help: "usermgmt:users.help.group",
        },
        {
          name: "kindergartenId",
          label: "resources:common.kindergarten",
          kind: "select",
          options: { lookup: "kindergartens" },
          roles: [Role.superAdmin, Role.groupAdmin],
        },
        {
          name: "classId",
          label: "usermgmt:users.fields.class",
          kind: "select",
          options: { lookup: "classOptions", dependsOn: { field: "kindergartenId", param: "kindergartenId" } },
        },
      ],
    },
    {
      title: "usermgmt:users.groups.roles",
      fields: [
        { name: "roleIds", label: "usermgmt:users.fields.roles", kind: "multiselect", options: grantableRoleOptions, help: "usermgmt:users.help.roles" },
        { name: "defaultRoleId", label: "usermgmt:users.fields.defaultRole", kind: "select", options: grantableRoleOptions },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "realName", label: "usermgmt:users.fields.realName" },
    { field: "phone", label: "usermgmt:users.fields.phone" },
    { field: "gender", label: "usermgmt:users.fields.gender", format: "enum", enumPrefix: "usermgmt:users.genders" },
    { field: "email", label: "usermgmt:users.fields.email" },
    { field: "educationGroupName", label: "usermgmt:users.fields.group" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
    { field: "className", label: "usermgmt:users.fields.class" },
    { field: "roleNames", label: "usermgmt:users.fields.roles", format: "tags" },
    { field: "enabled", label: "usermgmt:users.fields.enabled", format: "boolean" },
    { field: "bonusPoints", label: "usermgmt:users.fields.bonusPoints", format: "number" },
    { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
  ],
  importColumns: [
    { field: "realName", label: "usermgmt:users.fields.realName", example: "王小明" },
    { field: "phone", label: "usermgmt:users.fields.phone", example: "13900000001" },
    { field: "password", label: "usermgmt:users.fields.password", example: "Sunny#2026" },
    { field: "gender", label: "usermgmt:users.fields.genderCode", example: "male" },
    { field: "email", label: "usermgmt:users.fields.email", example: "" },
    { field: "classId", label: "usermgmt:users.fields.classId", example: "" },
    { field: "roleIds", label: "usermgmt:users.fields.roleIds", example: "3" },
    { field: "defaultRoleId", label: "usermgmt:users.fields.defaultRoleId", example: "3" },
    { field: "bonusPoints", label: "usermgmt:users.fields.bonusPoints", example: "0" },
  ],
  importDefaults: { enabled: "on" },
  createDefaults: { enabled: "on" },
  detail: [
    {
      title: "usermgmt:users.groups.account",
      fields: [
        { field: "photoFileId", label: "usermgmt:users.fields.photo", format: "image" },
        { field: "realName", label: "usermgmt:users.fields.realName" },
        { field: "phone", label: "usermgmt:users.fields.phone" },
        { field: "gender", label: "usermgmt:users.fields.gender", format: "enum", enumPrefix: "usermgmt:users.genders" },
        { field: "email", label: "usermgmt:users.fields.email" },
        { field: "enabled", label: "usermgmt:users.fields.enabled", format: "boolean" },
        { field: "bonusPoints", label: "usermgmt:users.fields.bonusPoints", format: "number" },
        { field: "createdAt", label: "resources:common.createdAt", format: "datetime" },
      ],
    },
    {
      title: "usermgmt:users.groups.organisation",
      fields: [
        { field: "educationGroupName", label: "usermgmt:users.fields.group" },
        { field: "kindergartenName", label: "resources:common.kindergarten" },
        { field: "className", label: "usermgmt:users.fields.class" },
      ],
    },
    {
      title: "usermgmt:users.groups.roles",
      fields: [
        { field: "roleNames", label: "usermgmt:users.fields.roles", format: "tags" },
        { field: "defaultRoleId", label: "usermgmt:users.fields.defaultRole", format: "enum", enumPrefix: "menu:role" },
      ],
    },
  ],
});

/** Administrator's password reset: a new policy-compliant password, or empty = generate one (shown once). */
export const passwordResetSchema = z.object({ password: newPasswordField.optional() });
