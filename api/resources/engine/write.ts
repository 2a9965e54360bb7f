/** Writing: create, change, delete, bulk delete (one audited transaction each; tenancy; the row rule; hooks). */
import { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { allFormFields, formSchemaFor, MAX_PAGE_SIZE } from "@contract/resource";
import { ROLE_IDS, ROLE_REACH } from "@contract/roles";
import type { Database } from "@api/db/schema";
import { write, type Writer } from "@api/db/audit";
import { refusingReferenced, uniqueViolation } from "@api/db/unique";
import { fieldError, idsOf, langOf, notFound, pathId, run } from "@api/http";
import type { Lang } from "@api/i18n";
import { scoped, type Scope } from "@api/tenancy";
import { actorOf, assertRowAllowed, fieldErrors, readForm } from "./forms";
import { bulkReplyDoc, docOf, FIELD_TEXT, formDoc, idParamDoc, idsDoc, itemReplyDoc, operationId } from "./openapi";
import { getItem } from "./query";
import type { AnyDb, Engine, Item, WriteContext, WriteInfo } from "./types";

/** The actor of a write: who (the audit log's user and role) and her reach (row rules about people read it). */
export const actorOfScope = actorOf;

/** The roles whose session is not tied to one kindergarten: they name the kindergarten of a row they create. */
const WIDE_ROLES = ROLE_IDS.filter((r) => ROLE_REACH[r] !== "kindergarten");
/** resolveKindergarten's rule on a create, as the document says it. */
const KINDERGARTEN_TEXT =
  `Required when the caller's role reaches more than one kindergarten (roles ${WIDE_ROLES.join(", ")}: the super admin and the group roles), ` +
  "else 422; any other role creates in its current kindergarten.";

/** The kindergarten of a written row, through the tenancy helpers (section "Tenancy" of architecture.md). */
async function resolveKindergarten(e: Engine, scope: Scope, given: unknown, existing: number | null, via: AnyDb): Promise<number | null> {
  if (!e.m.kindergartenColumn) return null;
  if (given == null || given === "") {
    if (existing != null) return existing;
    if (scope.reach === "kindergarten" && scope.kindergartenId != null) return scope.kindergartenId;
    throw fieldError(e.kgField, "resources:common.errors.kindergartenRequired");
  }
  const id = Number(given);
  if (existing != null && id === existing) return id;
  const kg = await scoped
    .kindergartens(via as unknown as Kysely<Database>, scope)
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!kg) throw fieldError(e.kgField, "resources:common.errors.kindergartenNotInScope");
  return id;
}

function rowValues(e: Engine, values: Record<string, unknown>, mode: "create" | "change"): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const createOnly = new Set(
    allFormFields(e.def)
      .filter((f) => f.createOnly)
      .map((f) => f.name),
  );
  for (const [field, column] of Object.entries(e.m.writable)) {
    if (mode === "change" && createOnly.has(field)) continue;
    let v = values[field];
    if (v === undefined) v = null; // a form replaces every field it shows (empty = cleared)
    if (typeof v === "boolean") v = v ? 1 : 0;
    out[column] = v;
  }
  return out;
}

/** Create inside an open writer (used by POST and by import). */
export async function createWith(e: Engine, w: Writer, scope: Scope, lang: Lang, values: Record<string, unknown>): Promise<number> {
  const { m } = e;
  const ctx: WriteContext = { w, scope, lang, deps: e.deps };
  const kindergartenId = await resolveKindergarten(e, scope, values[e.kgField], null, w.trx as unknown as AnyDb);
  const info: WriteInfo = { mode: "create", values, kindergartenId, existing: null };
  await m.hooks?.beforeWrite?.(ctx, info);
  const row = { ...rowValues(e, values, "create"), ...(m.onCreate?.() ?? {}) };
  if (m.kindergartenColumn) row[m.kindergartenColumn] = kindergartenId;
  const id = await w.insert(m.table, row as never);
  await m.hooks?.afterWrite?.(ctx, { ...info, id });
  return id;
}

async function changeWith(e: Engine, w: Writer, scope: Scope, lang: Lang, existing: Item, values: Record<string, unknown>) {
  const { m } = e;
  const ctx: WriteContext = { w, scope, lang, deps: e.deps };
  const current = m.kindergartenColumn ? Number(existing[e.kgField] ?? existing.kindergartenId) : null;
  const kindergartenId = await resolveKindergarten(e, scope, values[e.kgField], current, w.trx as unknown as AnyDb);
  const info: WriteInfo = { mode: "change", values, kindergartenId, existing };
  await m.hooks?.beforeWrite?.(ctx, info);
  const row = { ...rowValues(e, values, "change"), ...(m.onChange?.() ?? {}) };
  if (m.kindergartenColumn) row[m.kindergartenColumn] = kindergartenId;
  await w.update(m.table, existing.id, row as never);
  await m.hooks?.afterWrite?.(ctx, { ...info, id: existing.id });
}

/** POST <base>: a parallel create of the same unique value runs once more, so the hooks' own checks answer. */
function registerCreate(e: Engine) {
  const { def, m, deps } = e;
  const opId = operationId(def.name, "create");
  docOf(e)("post", e.base, opId, "Create", { request: formDoc(formSchemaFor(def, "create")) }, itemReplyDoc(e));
  if (m.kindergartenColumn) FIELD_TEXT.set(opId, { [e.kgField]: KINDERGARTEN_TEXT });
  e.app.post(
    e.base,
    e.requireAuth,
    run(async (c) => {
      const scope = await e.guard(c, "create");
      const lang = langOf(c);
      const values = await readForm(c, def, "create", deps.config.aes);
      const create = () => write(deps.db, actorOfScope(scope), (w) => createWith(e, w, scope, lang, values));
      const id = await create().catch((err: unknown) => {
        if (!uniqueViolation(err)) throw err;
        return create().catch((again: unknown) => {
          const columns = uniqueViolation(again);
          if (!columns) throw again;
          const field = Object.entries(m.writable).find(([, col]) => columns.includes(col))?.[0] ?? "_";
          throw fieldErrors({ [field]: ["resources:common.errors.taken"] });
        });
      });
      return e.reply(c, await getItem(e, scope, id, lang), e.msgKey("created"));
    }),
  );
}

function registerChangeAndDelete(e: Engine) {
  const { def, m, deps } = e;
  const doc = docOf(e);
  doc(
    "put",
    `${e.base}{id}/`,
    operationId(def.name, "update"),
    "Change (the whole form; empty fields are cleared)",
    { request: { params: idParamDoc, ...formDoc(formSchemaFor(def, "change")) } },
    itemReplyDoc(e),
  );
  e.app.put(
    e.idPath,
    e.requireAuth,
    run(async (c) => {
      const scope = await e.guard(c, "change");
      const lang = langOf(c);
      const id = pathId(c);
      const existing = await getItem(e, scope, id, lang);
      if (!existing) throw notFound();
      assertRowAllowed(def, "change", existing, scope);
      const values = await readForm(c, def, "change", deps.config.aes);
      await write(deps.db, actorOfScope(scope), (w) => changeWith(e, w, scope, lang, existing, values));
      return e.reply(c, await getItem(e, scope, id, lang), e.msgKey("changed"));
    }),
  );

  doc("delete", `${e.base}{id}/`, operationId(def.name, "delete"), "Delete", { request: { params: idParamDoc } }, z.null());
  e.app.delete(
    e.idPath,
    e.requireAuth,
    run(async (c) => {
      const scope = await e.guard(c, "delete");
      const lang = langOf(c);
      const id = pathId(c);
      const item = await getItem(e, scope, id, lang);
      if (!item) throw notFound();
      assertRowAllowed(def, "delete", item, scope);
      await refusingReferenced(() =>
        write(deps.db, actorOfScope(scope), async (w) => {
          await m.hooks?.beforeDelete?.({ w, scope, lang, deps }, item);
          await w.delete(m.table, id);
        }),
      );
      return e.reply(c, null, e.msgKey("deleted"));
    }),
  );
}

/** POST <base>bulk_delete/: every id must be in the scope before anything is touched (all or nothing). */
function registerBulkDelete(e: Engine) {
  const { def, m, deps } = e;
  docOf(e)(
    "post",
    `${e.base}bulk_delete/`,
    operationId(def.name, "bulkDelete"),
    "Delete several (form ids, repeated or comma-separated; all or nothing)",
    { request: formDoc(z.object({ ids: idsDoc() })) },
    bulkReplyDoc,
  );
  e.app.post(
    `${e.base}bulk_delete/`,
    e.requireAuth,
    run(async (c) => {
      const scope = await e.guard(c, "delete");
      const lang = langOf(c);
      const ids = parseIds((await c.req.parseBody({ all: true })).ids);
      await refusingReferenced(() =>
        write(deps.db, actorOfScope(scope), async (w) => {
          const ctx: WriteContext = { w, scope, lang, deps };
          const items: Item[] = [];
          for (const id of ids) {
            const item = await getItem(e, scope, id, lang, w.trx as unknown as AnyDb);
            if (!item) throw notFound();
            assertRowAllowed(def, "delete", item, scope);
            items.push(item);
          }
          for (const item of items) {
            await m.hooks?.beforeDelete?.(ctx, item);
            await w.delete(m.table, item.id);
          }
        }),
      );
      return e.reply(c, { ids, count: ids.length }, e.msgKey("bulkDeleted"), { count: ids.length });
    }),
  );
}

/** A bulk form's `ids` (422 when missing, malformed or more than a page). */
export function parseIds(raw: unknown): number[] {
  const ids = idsOf(raw);
  if (!ids) throw fieldErrors({ ids: ["crud:validation.ids"] });
  if (ids.length > MAX_PAGE_SIZE) throw fieldErrors({ ids: [`crud:validation.tooMany#max=${MAX_PAGE_SIZE}`] });
  return ids;
}

export function registerWrites(e: Engine) {
  registerBulkDelete(e);
  return { registerCreate: () => registerCreate(e), registerChangeAndDelete: () => registerChangeAndDelete(e) };
}
