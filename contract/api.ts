import * as z from "zod";
import { oncePer } from "./once-per";
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
const makePageSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    currentPage: z.number().int(),
    pageSize: z.number().int(),
  });
const pageSchemaOnce = oncePer((item: z.ZodTypeAny) => makePageSchema(item));
/** A page of items; made once per item schema (zod compiles a schema's fast path on its first parse). */
export const pageSchema = <T extends z.ZodTypeAny>(item: T) => pageSchemaOnce(item) as ReturnType<typeof makePageSchema<T>>;
export const MAX_PAGE_SIZE = 10000;

/** Kindergarten list item (section 3), e.g. the navbar switcher list. */
export const kindergartenItemSchema = z.object({ id: z.number().int(), kindergartenName: z.string() });

// Endpoint paths live in a module without zod, so browser code can name them; re-exported for the rest.
export { Endpoints } from "./endpoints";
