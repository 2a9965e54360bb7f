/**
 * The resource engine of the school API: from one definition (contract/resources/<name>.ts) and its
 * table mapping (api/resources/<name>.ts) it registers, as documented OpenAPI routes (engine/openapi.ts),
 *   GET    <base>                    list (currentPage, pageSize ≤ 10000, filters, keyword, sort; total)   engine/query.ts
 *   GET    <base>{id}/               one item (+ `history` of its record actions)
 *   POST   <base>                    create (form-encoded)                                                  engine/write.ts
 *   PUT    <base>{id}/               change (form-encoded)
 *   DELETE <base>{id}/               delete
 *   POST   <base>bulk_delete/        delete several (form `ids`, repeated or comma-separated; all or nothing)
 *   GET    <base>export/             the list's rows (same filters) as xlsx or csv (UTF-8 BOM)             engine/import-export.ts
 *   GET    <base>import_template/    \ when the definition has importColumns
 *   POST   <base>import/             / (multipart `file`, .xlsx or .csv; every row validated; all or nothing)
 *   POST   <base>{id}/<action>/      the definition's record actions (and bulk_<action>/)                  engine/actions.ts
 * Every route: the page rule (requirePage semantics) and the `can` role lists (403), tenancy through
 * api/tenancy (rows outside the scope are 404), validation with the shared zod schema (422 per field,
 * translated by api/http errorBody, the one error path), writes through db/audit `write()` (one transaction with the audit log).
 * Hooks in the mapping carry the rules a declaration cannot express (see docs/resources.md).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { pageSchema } from "@contract/api";
import { listQuerySchema, type Action } from "@contract/resource";
import type { App, AppEnv, Deps } from "@api/context";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { forbidden, langOf, notFound, pathId, run } from "@api/http";
import type { Scope } from "@api/tenancy";
import { hasResourceKey, rt } from "./i18n";
import { historyOf, registerActions } from "./engine/actions";
import { registerExport, registerImport } from "./engine/import-export";
import { docOf, idParamDoc, itemReplyDoc, operationId } from "./engine/openapi";
import { fieldKinds, getItem, list, lookup, parseQuery } from "./engine/query";
import { registerWrites } from "./engine/write";
import type { AnyDb, Engine, ResourceMapping } from "./engine/types";

export {
  defineMapping,
  type ActionEffect,
  type ActionHook,
  type Item,
  type ResourceHooks,
  type ResourceMapping,
  type WriteContext,
  type WriteInfo,
} from "./engine/types";
export { assertRowAllowed, fieldErrors, parseForm } from "./engine/forms";
export { performAction, historyOf } from "./engine/actions";
export { operationId, errorResponses } from "./engine/openapi";

/** The shared parts of one resource's routes. */
function engineOf(app: App, deps: Deps, m: ResourceMapping): Engine {
  const { def } = m;
  const { requireAuth, mayUse } = makeGuards(deps);
  const base = "/" + def.endpoint.replace(/^\/+/, "").replace(/\/?$/, "/");
  return {
    app,
    deps,
    m,
    def,
    adb: deps.db as unknown as AnyDb,
    base,
    idPath: `${base}:id{[0-9]+}/`,
    kinds: fieldKinds(def.item),
    kgField: m.kindergartenField ?? "kindergartenId",
    idCol: `${m.alias}.id`,
    requireAuth,
    async guard(c: Context<AppEnv>, action: Action): Promise<Scope> {
      const scope = scopeOf(c);
      if (!(await mayUse(scope, def, action))) throw forbidden();
      return scope;
    },
    reply: (c, data, key, params = {}) => c.json({ code: 200 as const, msg: rt(langOf(c), key, params), data }, 200),
    msgKey(what) {
      // The definition's own namespace (that of its title: `resources:`, `usermgmt:`, …).
      const own = `${def.title.split(":")[0] || "resources"}:${def.name}.messages.${what}`;
      return hasResourceKey(own) ? own : `crud:messages.${what}`;
    },
  };
}

const historyDoc = z.array(
  z.object({
    action: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    by: z.number().int().nullable(),
    byName: z.string().nullable(),
    at: z.string(),
    comment: z.string().nullable(),
  }),
);

/** Registers every route of one resource. */
export function registerResource(app: App, deps: Deps, m: ResourceMapping) {
  const e = engineOf(app, deps, m);
  const { def } = m;
  const doc = docOf(e);
  // Items carry `actions`: what the caller may do with each row (row verbs and record actions → allowed). The list's
  // items are that alone; the single-item GET adds `history` (the record actions' log) where the resource has actions.
  const listItemDoc = itemReplyDoc(e);
  const itemDoc = def.actions ? listItemDoc.extend({ history: historyDoc }) : listItemDoc;
  doc("get", e.base, operationId(def.name, "list"), "List", { request: { query: listQuerySchema(def) } }, pageSchema(listItemDoc));
  app.get(
    e.base,
    e.requireAuth,
    run(async (c) => {
      const scope = await e.guard(c, "list");
      return e.reply(c, await list(e, scope, parseQuery(def, c), langOf(c)), "ok");
    }),
  );
  registerExport(e);
  const writes = registerWrites(e);
  registerImport(e);
  writes.registerCreate();
  doc("get", `${e.base}{id}/`, operationId(def.name, "get"), "One item", { request: { params: idParamDoc } }, itemDoc);
  app.get(
    e.idPath,
    e.requireAuth,
    run(async (c) => {
      const scope = await e.guard(c, "view");
      const item = await getItem(e, scope, pathId(c), langOf(c));
      if (!item) throw notFound();
      if (def.actions) {
        const logged = await historyOf(e, item.id);
        item.history = logged.length ? logged : (e.m.impliedHistory?.(item) ?? []);
      }
      return e.reply(c, item, "ok");
    }),
  );
  writes.registerChangeAndDelete();
  registerActions(e);
  return { name: def.name, lookup: (scope: Scope, params: URLSearchParams, lang: import("@api/i18n").Lang) => lookup(e, scope, params, lang) };
}

export type RegisteredResource = ReturnType<typeof registerResource>;
