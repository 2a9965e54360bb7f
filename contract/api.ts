import * as z from "zod";
import { optionalFunctionSchema } from "./optional-function";
import { ROLE_IDS, type RoleId } from "./roles";

/** Every reply of the school API (section 7): success is code 200. */
export const envelopeSchema = z.object({
  code: z.number(),
  msg: z.string().nullish(),
  data: z.unknown().optional(),
});
export type Envelope<T = unknown> = { code: number; msg: string; data: T };

export const SUCCESS_CODE = 200;
export const UNAUTHORIZED_CODE = 401;
/** msg of a login whose password breaks the policy of section 5. */
export const NEED_RESET_PASSWORD = "Need Reset Password";
export const PLATFORM_PC = "pc";

export const roleIdSchema = z
  .number()
  .int()
  .refine((n): n is RoleId => (ROLE_IDS as number[]).includes(n), "role.invalid") as unknown as z.ZodType<RoleId>;

/** Session user info of section 3, as the API returns it (login, switch, token/info). */
export const userInfoSchema = z.object({
  userId: z.number().int(),
  realName: z.string(),
  phone: z.string(),
  roleId: roleIdSchema,
  roles: z.array(roleIdSchema).min(1),
  kindergartenId: z.number().int().nullable(),
  kindergartenName: z.string().nullable(),
  educationGroupId: z.number().int().nullable(),
  educationGroupName: z.string().nullable(),
  optionalFunction: optionalFunctionSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** data of POST token/login, PATCH token/role/{id}, PATCH token/kindergarten/{id}, POST token/login_wechat. */
export const tokenReplySchema = userInfoSchema.extend({ token: z.string().min(1) });
export type TokenReply = z.infer<typeof tokenReplySchema>;

/** Paged list replies: `currentPage`/`pageSize` in, this out. */
export const pageSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    currentPage: z.number().int(),
    pageSize: z.number().int(),
  });
export const MAX_PAGE_SIZE = 10000;

/** Kindergarten list item (section 3), e.g. the navbar switcher list. */
export const kindergartenItemSchema = z.object({ id: z.number().int(), kindergartenName: z.string() });

/**
 * Endpoint paths of the school API, relative to the base address. Section 7 fixes the first group;
 * the rest follow the same style.
 */
export const Endpoints = {
  login: "token/login",
  logout: "token/logout",
  info: "token/info",
  switchRole: (id: number) => `token/role/${id}`,
  switchKindergarten: (id: number) => `token/kindergarten/${id}`,
  sts: "token/sts",
  loginWechat: "token/login_wechat",
  principalsKindergartens: "users/principals/kindergartens/",
  principalKindergarten: (id: number) => `users/principals/kindergartens/${id}/`,
  proTeachersKindergartens: "users/pro_teachers/kindergartens/",
  proTeacherKindergarten: (id: number) => `users/pro_teachers/kindergartens/${id}/`,
  // Registration and password reset.
  registerKindergarten: "register/kindergarten",
  registerClasses: "register/classes",
  smsCode: "sms/code",
  register: "register",
  forgotPassword: "password/forgot",
  resetPassword: "password/reset",
  // Local stand-ins (development and tests).
  /** GET ?redirect_uri=…&state=…: the local WeChat authorisation page (WECHAT_PROVIDER=sandbox only). */
  wechatSandboxAuthorize: "wechat-sandbox/authorize",
  /** PUT uploads/{bucket}/{key} with header x-security-token (credentials of token/sts). */
  upload: (bucket: string, key: string) => `uploads/${bucket}/${key}`,
  /** Machine-readable API description and its readable page. */
  openapi: "openapi.json",
  docs: "docs",
} as const;
