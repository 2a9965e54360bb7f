import * as z from "zod";
import { Endpoints, kindergartenItemSchema, MAX_PAGE_SIZE } from "@contract/api";
import { KINDERGARTEN_SWITCH_ROLES } from "@contract/roles";
import type { SessionUser } from "./session.server";
import { settle, upstream } from "./upstream.server";

export type KindergartenChoice = z.infer<typeof kindergartenItemSchema>;

/** data of GET users/pro_teachers/kindergartens/: a page `{ list, … }` or a bare list. */
const choicesSchema = z.union([z.array(kindergartenItemSchema), z.object({ list: z.array(kindergartenItemSchema) }).transform((d) => d.list)]);

export const canSwitchKindergarten = (user: SessionUser | null | undefined) =>
  !!user && (KINDERGARTEN_SWITCH_ROLES as readonly number[]).includes(user.info.roleId);

/**
 * The navbar's kindergarten switcher list (section 7: page 1, size 10000), only for roles 1 and 11.
 * Answers [] for other roles or when the list cannot be loaded (the navbar then hides the switcher);
 * a 401 still throws the redirect to login.
 */
export async function loadKindergartenChoices(request: Request, user: SessionUser | null): Promise<KindergartenChoice[]> {
  if (!canSwitchKindergarten(user)) return [];
  const result = await settle(
    upstream(request).get(Endpoints.proTeachersKindergartens, {
      query: { currentPage: 1, pageSize: MAX_PAGE_SIZE },
      schema: choicesSchema,
    }),
  );
  return result.ok ? result.data : [];
}
