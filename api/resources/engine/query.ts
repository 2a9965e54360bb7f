/** Reading: the scoped, filtered, sorted list, one item, lookups (options for selects). */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { MAX_INT } from "@contract/limits";
import { listQuerySchema, MAX_PAGE_SIZE, parseSort, rowActionsFor, type ResourceDefinition } from "@contract/resource";
import type { Lang } from "@api/i18n";
import { kindergartenFilter, type Scope } from "@api/tenancy";
import { actorOf, fieldErrors, schemaMessage } from "./forms";
import type { AnyDb, AnyQuery, Engine, Item, ResourceMapping, Row } from "./types";
import { addDays } from "@contract/school-time";
import { booleanOf } from "@contract/boolean-words";

export const refOf = (e: string | RawBuilder<unknown>): RawBuilder<unknown> => (typeof e === "string" ? sql.ref(e) : e);
const escapeLike = (s: string) => `%${s.replace(/[%_\\]/g, (m) => "\\" + m)}%`;
export { actorOf };

/** Each item carries what the caller may do with it (`actions`), from the same rule that guards the writes. */
export const withActions = (def: ResourceDefinition, items: Item[], scope: Scope) => {
  for (const item of items) item.actions = rowActionsFor(def, item, actorOf(scope));
  return items;
};

/** The kind of each item field, read off the zod schema (for row → item conversion). */
export function fieldKinds(schema: z.ZodObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, s] of Object.entries(schema.shape)) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let cur: any = s;
    while (cur?._zod?.def && ["optional", "nullable", "default", "prefault", "readonly"].includes(cur._zod.def.type)) cur = cur._zod.def.innerType;
    out[k] = cur?._zod?.def?.type ?? "unknown";
  }
  return out;
}

export function toItem(row: Row, kinds: Record<string, string>): Item {
  const item: Row = {};
  for (const [k, kind] of Object.entries(kinds)) {
    const v = row[k];
    if (v === undefined) continue;
    if (v === null) item[k] = null;
    else if (kind === "number") item[k] = Number(v);
    else if (kind === "boolean") item[k] = v === true || Number(v) === 1;
    else if (kind === "string" || kind === "enum") item[k] = String(v);
    else item[k] = v;
  }
  return item as Item;
}

export const scopeWhere = (m: ResourceMapping, scope: Scope): Expression<SqlBool> =>
  m.scopeFilter ? m.scopeFilter(scope) : m.kindergartenColumn ? kindergartenFilter(scope, `${m.alias}.${m.kindergartenColumn}`) : sql<SqlBool>`1 = 1`;

/** A column as the reader sees it: its English twin (contract/format.ts localName, in SQL) where one is set. */
export const shown = (m: ResourceMapping, field: string, col: string | RawBuilder<unknown>, lang: Lang) => {
  const en = lang === "en" ? m.english?.[field] : undefined;
  return en ? sql`coalesce(${refOf(en)}, ${refOf(col)})` : refOf(col);
};

export const selectItem = (m: ResourceMapping, qb: AnyQuery, lang: Lang) =>
  qb.select(Object.entries(m.columns).map(([k, e]) => (k in (m.writable ?? {}) ? refOf(e) : shown(m, k, e, lang)).as(k)));

/** The list's query string, validated with the definition's query schema (422 per parameter). */
export function parseQuery(def: ResourceDefinition, c: Context): Record<string, unknown> {
  const raw: Record<string, string> = {};
  for (const [k, v] of new URL(c.req.url).searchParams) if (v !== "") raw[k] = v;
  const r = listQuerySchema(def).safeParse(raw);
  if (!r.success) {
    const errors: Record<string, string[]> = {};
    for (const i of r.error.issues) (errors[i.path.map(String).join(".") || "_"] ??= []).push(schemaMessage(i.message));
    throw fieldErrors(errors);
  }
  return r.data as Record<string, unknown>;
}

/** One filter of the definition applied to the query. */
function applyFilter(e: Engine, qb: AnyQuery, f: NonNullable<ResourceDefinition["filters"]>[number], q: Record<string, unknown>, scope: Scope): AnyQuery {
  const { m, kinds } = e;
  const col = m.columns[f.field];
  if (!col && !m.filterWhere?.[f.field]) return qb;
  const ref = col ? refOf(col) : sql`null`;
  if (f.kind === "dateRange") {
    const from = q[`${f.field}From`] as string | undefined;
    const to = q[`${f.field}To`] as string | undefined;
    if (from) qb = qb.where(sql<SqlBool>`${ref} >= ${from}`);
    if (to) {
      const next = addDays(to, 1);
      qb = qb.where(sql<SqlBool>`${ref} < ${next}`);
    }
    return qb;
  }
  const v = q[f.field] as string | undefined;
  if (v === undefined || v === "") return qb;
  const custom = m.filterWhere?.[f.field];
  if (custom) return qb.where(custom(v, scope));
  if (f.kind === "boolean") return qb.where(sql<SqlBool>`${ref} = ${booleanOf(v) ? 1 : 0}`);
  if (f.kind === "text") return qb.where(sql<SqlBool>`${ref} like ${escapeLike(v)} escape '\\'`);
  if (kinds[f.field] === "number") {
    const n = Number(v);
    return Number.isFinite(n) && Math.abs(n) <= MAX_INT ? qb.where(sql<SqlBool>`${ref} = ${n}`) : qb.where(sql<SqlBool>`1 = 0`);
  }
  return qb.where(sql<SqlBool>`${ref} = ${v}`);
}

/** The scoped, filtered query of the list (and export, lookups). */
export function filtered(e: Engine, scope: Scope, q: Record<string, unknown>): AnyQuery {
  const { m, def } = e;
  let qb = m.from(e.adb).where(scopeWhere(m, scope));
  for (const f of def.filters ?? []) qb = applyFilter(e, qb, f, q, scope);
  const keyword = q.keyword as string | undefined;
  if (keyword && def.search?.length) {
    const like = escapeLike(keyword);
    const ors = def.search.filter((f) => m.columns[f]).map((f) => sql<SqlBool>`${refOf(m.columns[f]!)} like ${like} escape '\\'`);
    if (ors.length) qb = qb.where(sql<SqlBool>`(${sql.join(ors, sql` or `)})`);
  }
  return qb;
}

export function ordered(e: Engine, qb: AnyQuery, sortValue: string | undefined): AnyQuery {
  const { field, desc } = parseSort(e.def, sortValue);
  const col = field === "id" ? e.idCol : e.m.columns[field];
  let out = qb;
  if (col) out = out.orderBy(refOf(col), desc ? "desc" : "asc");
  return out.orderBy(sql.ref(e.idCol), desc && field === "id" ? "desc" : "asc");
}

/** `via`: the transaction when inside one (SQLite has one connection: the root db would wait for it forever). */
export async function decorate(e: Engine, items: Item[], lang: Lang, via: AnyDb = e.adb) {
  if (items.length && e.m.hooks?.decorate) await e.m.hooks.decorate(via, items, lang);
  return items;
}

export async function list(e: Engine, scope: Scope, q: Record<string, unknown>, lang: Lang) {
  const qb = filtered(e, scope, q);
  const total = await qb.select(sql<number>`count(*)`.as("n")).executeTakeFirst();
  const pageSize = q.pageSize as number;
  const currentPage = q.currentPage as number;
  const rows = await ordered(e, selectItem(e.m, qb, lang), q.sort as string | undefined)
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  const items = withActions(
    e.def,
    await decorate(
      e,
      rows.map((r: Row) => toItem(r, e.kinds)),
      lang,
    ),
    scope,
  );
  return { list: items, total: Number((total as Row | undefined)?.n ?? 0), currentPage, pageSize };
}

/** One item within the caller's scope (null = 404), with its `actions`. */
export async function getItem(e: Engine, scope: Scope, id: number, lang: Lang, via: AnyDb = e.adb): Promise<Item | null> {
  const row = await selectItem(e.m, e.m.from(via).where(scopeWhere(e.m, scope)).where(sql.ref(e.idCol), "=", id), lang).executeTakeFirst();
  if (!row) return null;
  const [item] = withActions(e.def, await decorate(e, [toItem(row as Row, e.kinds)], lang, via), scope);
  return item ?? null;
}

/** Lookup rows (id + label) for selects of other resources, scoped like the list. */
export async function lookup(e: Engine, scope: Scope, params: URLSearchParams, lang: Lang) {
  const q: Record<string, unknown> = {};
  for (const [k, v] of params) q[k] = v;
  const label = e.m.columns[e.def.labelField];
  const more = e.m.lookupLabel;
  const rows = await filtered(e, scope, q)
    .select([sql.ref(e.idCol).as("value"), (label ? shown(e.m, e.def.labelField, label, lang) : refOf(e.idCol)).as("label")])
    .$if(!!more, (qb: AnyQuery) => qb.select(more!.fields.map((f) => shown(e.m, f, e.m.columns[f]!, lang).as(f))))
    .orderBy(refOf(label ?? e.idCol))
    .orderBy(sql.ref(e.idCol))
    .limit(MAX_PAGE_SIZE)
    .execute();
  return rows.map((r: Row) => ({ value: Number(r.value), label: more ? more.label(r, lang) : String(r.label) }));
}
