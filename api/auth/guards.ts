import type { Context, MiddlewareHandler } from "hono";
import { findPage } from "@contract/route-tree";
import { hasPermission } from "@contract/permissions";
import { can, type Action, type ResourceDefinition } from "@contract/resource";
import type { AppEnv, Deps } from "@api/context";
import { forbidden, unauthorized } from "@api/http";
import { scopeFromToken, type Scope } from "@api/tenancy";
import { loadOptionalFunction } from "./user-info";

/** The token of a request: header `token` (section 7), or `Authorization: Bearer …`. */
export function tokenOf(c: Context): string | undefined {
  const t = c.req.header("token");
  if (t) return t.trim();
  const auth = c.req.header("authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) return auth.slice(7).trim();
  return undefined;
}

/** The scope set by requireAuth. */
export function scopeOf(c: Context<AppEnv>): Scope {
  const s = c.get("scope");
  if (!s) throw unauthorized();
  return s;
}

export function makeGuards(deps: Deps) {
  /** 401 unless the token is live; sets c.var.scope. */
  const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
    const scope = await scopeFromToken(deps.db, tokenOf(c));
    if (!scope) throw unauthorized();
    c.set("scope", scope);
    await next();
  };

  /** Whether the scope may see the console page `path` (contract/permissions.ts hasPermission). */
  async function canSeePage(scope: Scope, path: string): Promise<boolean> {
    const page = findPage(path);
    if (!page) return false;
    return hasPermission(
      {
        roleId: scope.roleId,
        educationGroupId: scope.educationGroupId,
        kindergartenId: scope.kindergartenId,
        optionalFunction: await loadOptionalFunction(deps.db, scope.kindergartenId),
      },
      page.meta,
    );
  }

  /** Throws 403 unless the scope may see `path`. */
  async function assertPage(scope: Scope, path: string) {
    if (!(await canSeePage(scope, path))) throw forbidden();
  }

  /** The rule of every resource endpoint (and of the lookups serving it): its page, then its role list for `action`. */
  async function mayUse(scope: Scope, def: ResourceDefinition, action: Action): Promise<boolean> {
    return can(def, action, scope.roleId) && (await canSeePage(scope, def.page));
  }

  /** `requirePage('/user/principal')`: an endpoint backing a page refuses exactly who the page refuses (403). */
  const requirePage =
    (path: string): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      let scope = c.get("scope");
      if (!scope) {
        const s = await scopeFromToken(deps.db, tokenOf(c));
        if (!s) throw unauthorized();
        c.set("scope", s);
        scope = s;
      }
      await assertPage(scope, path);
      await next();
    };

  return { requireAuth, requirePage, canSeePage, assertPage, mayUse };
}
