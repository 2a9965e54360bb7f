/**
 * The resource engine of the school API: from one definition (contract/resources/<name>.ts) and its
 * table mapping (api/resources/<name>.ts) it registers, as documented OpenAPI routes,
 *   GET    <base>                    list (currentPage, pageSize ≤ 10000, filters, keyword, sort; total)
 *   GET    <base>{id}/               one item
 *   POST   <base>                    create (form-encoded)
 *   PUT    <base>{id}/               change (form-encoded)
 *   DELETE <base>{id}/               delete
 *   POST   <base>bulk_delete/        delete several (form `ids`, repeated or comma-separated; all or nothing)
 *   GET    <base>export/             the list's rows (same filters) as xlsx or csv (UTF-8 BOM)
 *   GET    <base>import_template/    \ when the definition has importColumns
 *   POST   <base>import/             / (multipart `file`, .xlsx or .csv; every row validated; all or nothing)
 * Every route: the page rule (requirePage semantics) and the `can` role lists (403), tenancy through
 * api/tenancy (rows outside the scope are 404), validation with the shared zod schema (422 per field,
 * translated), writes through db/audit `write()` (one transaction with the audit log).
 * Hooks in the mapping carry the rules a declaration cannot express (see docs/resources.md).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { parseWithZod } from "@conform-to/zod/v4";
import { pageSchema } from "@contract/api";
import { MAX_INT } from "@contract/limits";
import {
  allFormFields,
  formSchemaFor,
  isNamespacedKey,
  listQuerySchema,
  MAX_PAGE_SIZE,
  parseSort,
  rowActionsFor,
  rowRefusal,
  type Action,
  type Actor,
  type ResourceDefinition,
} from "@contract/resource";
import { aesDecrypt, type AesKeys } from "@contract/crypto";
import { formatList } from "@contract/format";
import type { App, AppEnv, Deps } from "@api/context";
import type { Database, TableName } from "@api/db/schema";
import { write, type Writer } from "@api/db/audit";
import { uniqueViolation } from "@api/db/unique";
import { ApiError, fieldError, forbidden, idsOf, langOf, notFound, pathId } from "@api/http";
import { hasKey, t as apiT, type Lang } from "@api/i18n";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { kindergartenFilter, scoped, type Scope } from "@api/tenancy";
import { hasResourceKey, rt, translator } from "./i18n";
import { attachment, csvOf, exportCell, readSheet, xlsxOf } from "./spreadsheet";
import { envelope, tokenHeader } from "../routes/common";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;
type Row = Record<string, unknown>;
export type Item = Record<string, unknown> & { id: number };

/** What a hook gets: the transaction's writer (`w.trx` for reads in the same transaction), the caller, the language. */
export interface WriteContext {
  w: Writer;
  scope: Scope;
  lang: Lang;
  deps: Deps;
}

export interface WriteInfo {
  mode: "create" | "change";
  /** The parsed form (output of the definition's schema). */
  values: Record<string, unknown>;
  /** The kindergarten the row belongs to (after the tenancy checks), or null for resources without one. */
  kindergartenId: number | null;
  /** The item before the change (null on create). */
  existing: Item | null;
}

export interface ResourceHooks {
  /** Before insert/update, inside the transaction: throw fieldError(...) / conflict(...) to refuse. */
  beforeWrite?(ctx: WriteContext, info: WriteInfo): Promise<void> | void;
  /** After insert/update, inside the transaction (e.g. sync a join table). */
  afterWrite?(ctx: WriteContext, info: WriteInfo & { id: number }): Promise<void> | void;
  /** Before a delete, inside the transaction: refuse (throw) or remove dependent rows through `ctx.w`. */
  beforeDelete?(ctx: WriteContext, item: Item): Promise<void> | void;
  /** Adds computed fields to listed/read items (one query for the whole page, e.g. teachers). */
  decorate?(db: AnyDb, items: Item[], lang: Lang): Promise<void> | void;
}

export interface ResourceMapping {
  def: ResourceDefinition;
  /** The table written to. */
  table: TableName;
  /** Its alias in `from` (columns are `alias.column`). */
  alias: string;
  /** FROM + joins: `db => db.selectFrom("classes as c").innerJoin("kindergartens as k", "k.id", "c.kindergarten_id")`. */
  from(db: AnyDb): AnyQuery;
  /**
   * English twins of columns (`{ name: "k.name_en", groupName: "g.name_en" }`): English readers see
   * the twin where it is set, in option labels (the label field) and in display-only item fields
   * (lists, detail, export). A writable field keeps its own value in items: an edit form showing the
   * English text would save it as the name.
   */
  english?: Record<string, string>;
  /** Item field → column (`"c.name"`) or SQL expression; list, sort, filter and keyword use these. */
  columns: Record<string, string | RawBuilder<unknown>>;
  /** The table's kindergarten column (`"kindergarten_id"`), or null when the table is not kindergarten-owned. */
  kindergartenColumn: string | null;
  /** Tenancy filter (default: kindergartenFilter on the kindergarten column). Always from api/tenancy. */
  scopeFilter?(scope: Scope): Expression<SqlBool>;
  /** Form field → table column for writes (fields absent here are the hooks' business). */
  writable: Record<string, string>;
  /** Extra columns on insert (e.g. `created_at`). */
  onCreate?(): Record<string, unknown>;
  /** Extra columns on update (e.g. `updated_at`). */
  onChange?(): Record<string, unknown>;
  hooks?: ResourceHooks;
  /** The field of the form giving the kindergarten (default `kindergartenId`). */
  kindergartenField?: string;
  /** Filters a column equality cannot express (e.g. "has role X" through a join table); built from api/tenancy-safe SQL. */
  filterWhere?: Record<string, (value: string, scope: Scope) => Expression<SqlBool>>;
}

export const defineMapping = (m: ResourceMapping) => m;

const actorOf = (scope: Scope): Actor => ({ userId: scope.userId, roleId: scope.roleId });

/** Refuses (403/409, or 422 on a field) unless the definition's row rule lets the caller apply `verb` to `row`. */
export function assertRowAllowed(def: ResourceDefinition, verb: string, row: Record<string, unknown>, scope: Scope) {
  const refusal = rowRefusal(def, verb, row, actorOf(scope));
  if (!refusal) return;
  if (refusal.field) throw fieldErrors({ [refusal.field]: [refusal.key] });
  throw new ApiError(refusal.status, refusal.key);
}

/** Each item carries what the caller may do with it (`actions`), from the same rule that guards the writes. */
const withActions = (def: ResourceDefinition, items: Item[], scope: Scope) => {
  for (const item of items) item.actions = rowActionsFor(def, item, actorOf(scope));
  return items;
};

const MAX_EXPORT_ROWS = 50000;
const MAX_IMPORT_ROWS = 5000;

const refOf = (e: string | RawBuilder<unknown>): RawBuilder<unknown> => (typeof e === "string" ? sql.ref(e) : e);
const escapeLike = (s: string) => `%${s.replace(/[%_\\]/g, (m) => "\\" + m)}%`;

/** The kind of each item field, read off the zod schema (for row → item conversion). */
function fieldKinds(schema: z.ZodObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, s] of Object.entries(schema.shape)) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let cur: any = s;
    while (cur?._zod?.def && ["optional", "nullable", "default", "prefault", "readonly"].includes(cur._zod.def.type)) cur = cur._zod.def.innerType;
    out[k] = cur?._zod?.def?.type ?? "unknown";
  }
  return out;
}

function toItem(row: Row, kinds: Record<string, string>): Item {
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

/** Translated `{code, msg, data}` for an ApiError whose keys may live in the crud/resources namespaces. */
function errorReply(c: Context, e: ApiError) {
  const lang = langOf(c);
  const msg = e.raw ?? rt(lang, e.key, e.params);
  let data = e.data;
  if (data && typeof data === "object" && "errors" in data) {
    const errors: Record<string, string[]> = {};
    for (const [field, list] of Object.entries((data as { errors: Record<string, unknown[]> }).errors))
      errors[field] = list.map((m) =>
        typeof m === "string" ? translateMessage(lang, m) : rt(lang, (m as { key: string }).key, (m as { params?: Record<string, string | number> }).params),
      );
    data = { ...(data as object), errors };
  }
  return c.json({ code: e.status, msg, data }, e.status);
}

/** A schema message → text: our namespaced keys, the API's keys, else the generic "invalid". */
function translateMessage(lang: Lang, message: string): string {
  if (isNamespacedKey(message)) return rt(lang, message);
  if (hasKey(message)) return apiT(lang, message);
  if (hasKey("validation." + message)) return apiT(lang, "validation." + message);
  return rt(lang, "crud:validation.invalid");
}

/** 422 with per-field messages (keys kept; translated by errorReply). */
export function fieldErrors(errors: Record<string, string[]>): ApiError {
  return new ApiError(422, "error.validation", {}, { errors });
}

/** conform's error record → `{field: [message]}` (array items `teacherIds[0]` fold into `teacherIds`). */
function foldErrors(error: Record<string, string[] | null> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(error ?? {})) {
    if (!list?.length) continue;
    const field = name.replace(/\[\d+\].*$/, "").replace(/\..*$/, "") || "_";
    for (const m of list) if (!(out[field] ??= []).includes(m)) out[field]!.push(m);
  }
  return out;
}

/** Form-encoded (or multipart) body → URLSearchParams; multiselect values may also come comma-separated.
 *  Password fields arrive AES-encrypted (section 9, as at login) and are decrypted here, before validation. */
async function bodyParams(c: Context, def: ResourceDefinition, aes?: AesKeys): Promise<URLSearchParams> {
  const body = await c.req.parseBody({ all: true });
  const multi = new Set(allFormFields(def).filter((f) => f.kind === "multiselect").map((f) => f.name));
  const secret = new Set(allFormFields(def).filter((f) => f.kind === "password").map((f) => f.name));
  const params = new URLSearchParams();
  for (const [k, raw] of Object.entries(body)) {
    for (const v of Array.isArray(raw) ? raw : [raw]) {
      if (typeof v !== "string") continue;
      if (multi.has(k)) for (const part of v.split(",")) part.trim() && params.append(k, part.trim());
      else if (aes && secret.has(k) && v !== "") {
        const plain = aesDecrypt(v, aes);
        if (plain == null) throw fieldErrors({ [k]: ["validation.encrypted"] });
        params.append(k, plain);
      } else params.append(k, v);
    }
  }
  return params;
}

/** Parses a form with the definition's schema exactly as the console does (conform's coercion). */
export function parseForm(def: ResourceDefinition, mode: "create" | "change", params: URLSearchParams): Record<string, unknown> {
  const submission = parseWithZod(params, { schema: formSchemaFor(def, mode) });
  if (submission.status !== "success") throw fieldErrors(foldErrors(submission.error as Record<string, string[] | null>));
  return submission.value as Record<string, unknown>;
}

class Rollback extends Error {}

/** Registers every route of one resource. */
export function registerResource(app: App, deps: Deps, m: ResourceMapping) {
  const { db } = deps;
  const adb = db as unknown as AnyDb;
  const { def } = m;
  const { requireAuth, mayUse } = makeGuards(deps);
  const kinds = fieldKinds(def.item);
  const kgField = m.kindergartenField ?? "kindergartenId";
  const idCol = `${m.alias}.id`;
  const base = "/" + def.endpoint.replace(/^\/+/, "").replace(/\/?$/, "/");
  const tag = def.name;
  const querySchema = listQuerySchema(def);
  const zhTitle = rt("zh", def.title);
  const msgKey = (what: string) => {
    // The definition's own namespace (that of its title: `resources:`, `usermgmt:`, …).
    const own = `${def.title.split(":")[0] || "resources"}:${def.name}.messages.${what}`;
    return hasResourceKey(own) ? own : `crud:messages.${what}`;
  };
  const reply = (c: Context, data: unknown, key: string, params: Record<string, string | number> = {}) =>
    c.json({ code: 200 as const, msg: rt(langOf(c), key, params), data }, 200);

  const scopeWhere = (scope: Scope): Expression<SqlBool> =>
    m.scopeFilter ? m.scopeFilter(scope) : m.kindergartenColumn ? kindergartenFilter(scope, `${m.alias}.${m.kindergartenColumn}`) : sql<SqlBool>`1 = 1`;
  /** A column as the reader sees it: its English twin (contract/format.ts localName, in SQL) where one is set. */
  const shown = (field: string, col: string | RawBuilder<unknown>, lang: Lang) => {
    const en = lang === "en" ? m.english?.[field] : undefined;
    return en ? sql`coalesce(${refOf(en)}, ${refOf(col)})` : refOf(col);
  };
  const selectItem = (qb: AnyQuery, lang: Lang) =>
    qb.select(Object.entries(m.columns).map(([k, e]) => (k in (m.writable ?? {}) ? refOf(e) : shown(k, e, lang)).as(k)));

  async function guard(c: Context<AppEnv>, action: Action): Promise<Scope> {
    const scope = scopeOf(c);
    if (!(await mayUse(scope, def, action))) throw forbidden();
    return scope;
  }

  function parseQuery(c: Context): Record<string, unknown> {
    const raw: Record<string, string> = {};
    const url = new URL(c.req.url);
    for (const [k, v] of url.searchParams) if (v !== "") raw[k] = v;
    const r = querySchema.safeParse(raw);
    if (!r.success) {
      const errors: Record<string, string[]> = {};
      for (const i of r.error.issues) (errors[i.path.map(String).join(".") || "_"] ??= []).push(i.message);
      throw fieldErrors(errors);
    }
    return r.data as Record<string, unknown>;
  }

  /** The scoped, filtered query of the list (and export, lookups). */
  function filtered(scope: Scope, q: Record<string, unknown>): AnyQuery {
    let qb = m.from(adb).where(scopeWhere(scope));
    for (const f of def.filters ?? []) {
      const col = m.columns[f.field];
      if (!col && !m.filterWhere?.[f.field]) continue;
      const ref = col ? refOf(col) : sql`null`;
      if (f.kind === "dateRange") {
        const from = q[`${f.field}From`] as string | undefined;
        const to = q[`${f.field}To`] as string | undefined;
        if (from) qb = qb.where(sql<SqlBool>`${ref} >= ${from}`);
        if (to) {
          const next = new Date(Date.parse(to + "T00:00:00Z") + 86400000).toISOString().slice(0, 10);
          qb = qb.where(sql<SqlBool>`${ref} < ${next}`);
        }
        continue;
      }
      const v = q[f.field] as string | undefined;
      if (v === undefined || v === "") continue;
      const custom = m.filterWhere?.[f.field];
      if (custom) {
        qb = qb.where(custom(v, scope));
        continue;
      }
      if (f.kind === "boolean") qb = qb.where(sql<SqlBool>`${ref} = ${v === "true" || v === "1" ? 1 : 0}`);
      else if (f.kind === "text") qb = qb.where(sql<SqlBool>`${ref} like ${escapeLike(v)} escape '\\'`);
      else if (kinds[f.field] === "number") {
        const n = Number(v);
        qb = Number.isFinite(n) && Math.abs(n) <= MAX_INT ? qb.where(sql<SqlBool>`${ref} = ${n}`) : qb.where(sql<SqlBool>`1 = 0`);
      } else qb = qb.where(sql<SqlBool>`${ref} = ${v}`);
    }
    const keyword = q.keyword as string | undefined;
    if (keyword && def.search?.length) {
      const like = escapeLike(keyword);
      const ors = def.search.filter((f) => m.columns[f]).map((f) => sql<SqlBool>`${refOf(m.columns[f]!)} like ${like} escape '\\'`);
      if (ors.length) qb = qb.where(sql<SqlBool>`(${sql.join(ors, sql` or `)})`);
    }
    return qb;
  }

  function ordered(qb: AnyQuery, sortValue: string | undefined): AnyQuery {
    const { field, desc } = parseSort(def, sortValue);
    const col = field === "id" ? idCol : m.columns[field];
    let out = qb;
    if (col) out = out.orderBy(refOf(col), desc ? "desc" : "asc");
    return out.orderBy(sql.ref(idCol), desc && field === "id" ? "desc" : "asc");
  }

  /** `via`: the transaction when inside one (SQLite has one connection: the root db would wait for it forever). */
  async function decorate(items: Item[], lang: Lang, via: AnyDb = adb) {
    if (items.length && m.hooks?.decorate) await m.hooks.decorate(via, items, lang);
    return items;
  }

  async function list(scope: Scope, q: Record<string, unknown>, lang: Lang) {
    const qb = filtered(scope, q);
    const total = await qb.select(sql<number>`count(*)`.as("n")).executeTakeFirst();
    const pageSize = q.pageSize as number;
    const currentPage = q.currentPage as number;
    const rows = await ordered(selectItem(qb, lang), q.sort as string | undefined)
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute();
    const items = withActions(def, await decorate(rows.map((r: Row) => toItem(r, kinds)), lang), scope);
    return { list: items, total: Number((total as Row | undefined)?.n ?? 0), currentPage, pageSize };
  }

  async function getItem(scope: Scope, id: number, lang: Lang, via: AnyDb = adb): Promise<Item | null> {
    const row = await selectItem(m.from(via).where(scopeWhere(scope)).where(sql.ref(idCol), "=", id), lang).executeTakeFirst();
    if (!row) return null;
    const [item] = withActions(def, await decorate([toItem(row as Row, kinds)], lang, via), scope);
    return item ?? null;
  }

  /** The kindergarten of a written row, through the tenancy helpers (section "Tenancy" of architecture.md). */
  async function resolveKindergarten(scope: Scope, given: unknown, existing: number | null, via: AnyDb): Promise<number | null> {
    if (!m.kindergartenColumn) return null;
    if (given == null || given === "") {
      if (existing != null) return existing;
      if (scope.reach === "kindergarten" && scope.kindergartenId != null) return scope.kindergartenId;
      throw fieldError(kgField, "resources:common.errors.kindergartenRequired");
    }
    const id = Number(given);
    if (existing != null && id === existing) return id;
    const kg = await scoped.kindergartens(via as unknown as Kysely<Database>, scope).select("id").where("id", "=", id).executeTakeFirst();
    if (!kg) throw fieldError(kgField, "resources:common.errors.kindergartenNotInScope");
    return id;
  }

  function rowValues(values: Record<string, unknown>, mode: "create" | "change"): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const createOnly = new Set(allFormFields(def).filter((f) => f.createOnly).map((f) => f.name));
    for (const [field, column] of Object.entries(m.writable)) {
      if (mode === "change" && createOnly.has(field)) continue;
      let v = values[field];
      if (v === undefined) v = null; // a form replaces every field it shows (empty = cleared)
      if (typeof v === "boolean") v = v ? 1 : 0;
      out[column] = v;
    }
    return out;
  }

  /** Create inside an open writer (used by POST and by import). */
  async function createWith(w: Writer, scope: Scope, lang: Lang, values: Record<string, unknown>): Promise<number> {
    const ctx: WriteContext = { w, scope, lang, deps };
    const trx = w.trx as unknown as AnyDb;
    const kindergartenId = await resolveKindergarten(scope, values[kgField], null, trx);
    const info: WriteInfo = { mode: "create", values, kindergartenId, existing: null };
    await m.hooks?.beforeWrite?.(ctx, info);
    const row = { ...rowValues(values, "create"), ...(m.onCreate?.() ?? {}) };
    if (m.kindergartenColumn) row[m.kindergartenColumn] = kindergartenId;
    const id = await w.insert(m.table, row as never);
    await m.hooks?.afterWrite?.(ctx, { ...info, id });
    return id;
  }

  const run = (fn: (c: Context<AppEnv>) => Promise<Response>) => async (c: Context<AppEnv>) => {
    try {
      return await fn(c);
    } catch (e) {
      if (e instanceof ApiError) return errorReply(c, e);
      throw e;
    }
  };

  // ---- OpenAPI documentation (the handlers below validate with the shared schemas themselves) ----
  const doc = (method: "get" | "post" | "put" | "delete", path: string, summary: string, extra: Record<string, unknown> = {}, response: z.ZodTypeAny = z.unknown()) =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      tags: [tag],
      summary: `${summary} (${zhTitle}, page ${def.page})`,
      security: tokenHeader,
      responses: { 200: { description: "code 200 on success; errors carry code = HTTP status (422: data.errors per field)", content: { "application/json": { schema: envelope(response) } } } },
      ...extra,
    });
  const idParamDoc = z.object({ id: z.number().int().openapi({ param: { name: "id", in: "path" }, example: 1 }) });
  const formDoc = (mode: "create" | "change") => ({
    body: { required: true, content: { "application/x-www-form-urlencoded": { schema: formSchemaFor(def, mode) } } },
  });

  // ---- list ----
  // Items carry `actions`: what the caller may do with each row (the definition's row verbs → allowed).
  const itemDoc = def.item.extend({ actions: z.record(z.string(), z.boolean()) });
  doc("get", base, "List", { request: { query: querySchema } }, pageSchema(itemDoc));
  app.get(base, requireAuth, run(async (c) => {
    const scope = await guard(c, "list");
    return reply(c, await list(scope, parseQuery(c), langOf(c)), "ok");
  }));

  // ---- export ----
  doc("get", `${base}export/`, "Export the filtered list as xlsx or csv (file download; errors as JSON)", {
    request: { query: querySchema.extend({ format: z.enum(["xlsx", "csv"]).optional() }) },
  });
  app.get(`${base}export/`, requireAuth, run(async (c) => {
    const scope = await guard(c, "list");
    const lang = langOf(c);
    const t = translator(lang);
    const format = new URL(c.req.url).searchParams.get("format") === "csv" ? "csv" : "xlsx";
    const q = parseQuery(c);
    const rows = await ordered(selectItem(filtered(scope, q), lang), q.sort as string | undefined).limit(MAX_EXPORT_ROWS).execute();
    const items = await decorate(rows.map((r: Row) => toItem(r, kinds)), lang);
    const cols = def.exportColumns ?? def.columns;
    const table = [cols.map((col) => t(col.label)), ...items.map((it) => cols.map((col) => exportCell(it[col.field], col, t, lang)))];
    const title = t(def.title);
    if (format === "csv")
      return c.body(csvOf(table), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": attachment(title, "csv", def.name) });
    return c.body(new Uint8Array(await xlsxOf(title, table)), 200, {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": attachment(title, "xlsx", def.name),
    });
  }));

  // ---- bulk delete ----
  doc("post", `${base}bulk_delete/`, "Delete several (form ids, repeated or comma-separated; all or nothing)", {
    request: { body: { required: true, content: { "application/x-www-form-urlencoded": { schema: z.object({ ids: z.string() }) } } } },
  });
  app.post(`${base}bulk_delete/`, requireAuth, run(async (c) => {
    const scope = await guard(c, "delete");
    const lang = langOf(c);
    const body = await c.req.parseBody({ all: true });
    const ids = idsOf(body.ids);
    if (!ids) throw fieldErrors({ ids: ["crud:validation.ids"] });
    if (ids.length > MAX_PAGE_SIZE) throw fieldErrors({ ids: [`crud:validation.tooMany#max=${MAX_PAGE_SIZE}`] });
    await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
      const ctx: WriteContext = { w, scope, lang, deps };
      // Every id must be in the scope before anything is touched (a row outside it is 404 for the whole request).
      const items: Item[] = [];
      for (const id of ids) {
        const item = await getItem(scope, id, lang, w.trx as unknown as AnyDb);
        if (!item) throw notFound();
        assertRowAllowed(def, "delete", item, scope);
        items.push(item);
      }
      for (const item of items) {
        await m.hooks?.beforeDelete?.(ctx, item);
        await w.delete(m.table, item.id);
      }
    });
    return reply(c, { ids, count: ids.length }, msgKey("bulkDeleted"), { count: ids.length });
  }));

  // ---- import ----
  if (def.importColumns?.length) {
    const cols = def.importColumns;
    doc("get", `${base}import_template/`, "Import template (xlsx or csv)", {
      request: { query: z.object({ format: z.enum(["xlsx", "csv"]).optional() }) },
    });
    app.get(`${base}import_template/`, requireAuth, run(async (c) => {
      await guard(c, "create");
      const t = translator(langOf(c));
      const table = [cols.map((col) => t(col.label)), cols.map((col) => col.example ?? "")];
      const title = `${t(def.title)}-${t("crud:actions.import")}`;
      if (new URL(c.req.url).searchParams.get("format") === "csv")
        return c.body(csvOf(table), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": attachment(title, "csv", `${def.name}-template`) });
      return c.body(new Uint8Array(await xlsxOf(title, table)), 200, {
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": attachment(title, "xlsx", `${def.name}-template`),
      });
    }));

    doc("post", `${base}import/`, "Import rows from .xlsx or .csv (multipart `file`, optional `kindergartenId`); all rows valid or nothing written", {
      request: { body: { required: true, content: { "multipart/form-data": { schema: z.object({ file: z.any(), kindergartenId: z.number().int().optional() }) } } } },
    });
    app.post(`${base}import/`, requireAuth, run(async (c) => {
      const scope = await guard(c, "create");
      const lang = langOf(c);
      const t = translator(lang);
      const body = await c.req.parseBody();
      const file = body.file;
      if (!(file instanceof File)) throw new ApiError(400, "error.badRequest", {}, { errors: { file: ["upload.fileRequired"] } });
      if (file.size === 0) throw fieldErrors({ file: ["crud:import.badFile"] });
      const sheet = await readSheet(file);
      if (!sheet) throw fieldErrors({ file: ["crud:import.badFile"] });
      const [header = [], ...rest] = sheet;
      // Header cells match a column's label in either language, or its field name.
      const labelsOf = (col: (typeof cols)[number]) => [rt("zh", col.label), rt("en", col.label), col.field].map((s) => s.trim().toLowerCase());
      const index = cols.map((col) => header.findIndex((h) => labelsOf(col).includes(String(h ?? "").trim().toLowerCase())));
      const missing = cols.filter((_, i) => index[i]! < 0).map((col) => t(col.label));
      if (missing.length) throw fieldErrors({ file: [`crud:import.badHeader#columns=${encodeURIComponent(formatList(lang, missing, "long"))}`] });
      const dataRows = rest.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((v) => String(v ?? "").trim() !== ""));
      if (!dataRows.length) throw fieldErrors({ file: ["crud:import.empty"] });
      if (dataRows.length > MAX_IMPORT_ROWS) throw fieldErrors({ file: [`crud:import.tooMany#max=${MAX_IMPORT_ROWS}`] });
      const kgGiven = typeof body.kindergartenId === "string" && body.kindergartenId ? body.kindergartenId : undefined;

      const report: { row: number; errors: Record<string, string[]> }[] = [];
      const parsed: { row: number; values: Record<string, unknown> }[] = [];
      const label = Object.fromEntries(allFormFields(def).map((f) => [f.name, t(f.label)]));
      const translateAll = (errors: Record<string, unknown[]>) =>
        Object.fromEntries(
          Object.entries(errors).map(([f, list]) => [
            f,
            list.map((x) => (typeof x === "string" ? translateMessage(lang, x) : rt(lang, (x as { key: string }).key, (x as { params?: Record<string, string | number> }).params))),
          ]),
        );
      for (const { row, cells } of dataRows) {
        const params = new URLSearchParams();
        cols.forEach((col, i) => {
          const v = String(cells[index[i]!] ?? "").trim();
          if (!v) return;
          const multi = allFormFields(def).find((f) => f.name === col.field)?.kind === "multiselect";
          if (multi) for (const part of v.split(/[,，、]/)) part.trim() && params.append(col.field, part.trim());
          else params.append(col.field, v);
        });
        if (kgGiven && !params.has(kgField)) params.set(kgField, kgGiven);
        for (const [k, v] of Object.entries(def.importDefaults ?? {})) if (!params.has(k)) params.set(k, v);
        try {
          parsed.push({ row, values: parseForm(def, "create", params) });
        } catch (e) {
          if (e instanceof ApiError && e.status === 422) report.push({ row, errors: translateAll((e.data as { errors: Record<string, unknown[]> }).errors) });
          else throw e;
        }
      }
      let created = 0;
      if (!report.length) {
        try {
          await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
            for (const { row, values } of parsed) {
              try {
                await createWith(w, scope, lang, values);
                created++;
              } catch (e) {
                if (e instanceof ApiError && e.status === 422) report.push({ row, errors: translateAll((e.data as { errors: Record<string, unknown[]> }).errors) });
                else throw e;
              }
            }
            if (report.length) throw new Rollback();
          });
        } catch (e) {
          if (!(e instanceof Rollback)) throw e;
          created = 0;
        }
      }
      if (report.length) {
        const lines = report.map((r) => `${t("crud:import.row", { row: r.row })}: ${Object.entries(r.errors).map(([f, l]) => `${label[f] ?? f} ${l.join("；")}`).join("；")}`);
        return c.json({ code: 422, msg: t("crud:import.report"), data: { errors: { file: lines }, rows: report } }, 422);
      }
      return reply(c, { count: created }, msgKey("imported"), { count: created });
    }));
  }

  // ---- create ----
  doc("post", base, "Create", { request: formDoc("create") }, def.item);
  app.post(base, requireAuth, run(async (c) => {
    const scope = await guard(c, "create");
    const lang = langOf(c);
    const values = parseForm(def, "create", await bodyParams(c, def, deps.config.aes));
    const create = () => write(db, { userId: scope.userId, roleId: scope.roleId }, (w) => createWith(w, scope, lang, values));
    // A parallel create of the same unique value wins the race: run once more, so the hooks' own checks see the
    // committed row and answer their field error; a unique column without such a check answers a generic one.
    const id = await create().catch((e: unknown) => {
      if (!uniqueViolation(e)) throw e;
      return create().catch((again: unknown) => {
        const columns = uniqueViolation(again);
        if (!columns) throw again;
        const field = Object.entries(m.writable).find(([, col]) => columns.includes(col))?.[0] ?? "_";
        throw fieldErrors({ [field]: ["resources:common.errors.taken"] });
      });
    });
    return reply(c, await getItem(scope, id, lang), msgKey("created"));
  }));

  // ---- one ----
  const idPath = `${base}:id{[0-9]+}/`;
  doc("get", `${base}{id}/`, "One item", { request: { params: idParamDoc } }, itemDoc);
  app.get(idPath, requireAuth, run(async (c) => {
    const scope = await guard(c, "view");
    const item = await getItem(scope, pathId(c), langOf(c));
    if (!item) throw notFound();
    return reply(c, item, "ok");
  }));

  // ---- change ----
  doc("put", `${base}{id}/`, "Change (the whole form; empty fields are cleared)", { request: { params: idParamDoc, ...formDoc("change") } }, def.item);
  app.put(idPath, requireAuth, run(async (c) => {
    const scope = await guard(c, "change");
    const lang = langOf(c);
    const id = pathId(c);
    const existing = await getItem(scope, id, lang);
    if (!existing) throw notFound();
    assertRowAllowed(def, "change", existing, scope);
    const values = parseForm(def, "change", await bodyParams(c, def, deps.config.aes));
    await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
      const ctx: WriteContext = { w, scope, lang, deps };
      const current = m.kindergartenColumn ? Number(existing[kgField] ?? existing.kindergartenId) : null;
      const kindergartenId = await resolveKindergarten(scope, values[kgField], current, w.trx as unknown as AnyDb);
      const info: WriteInfo = { mode: "change", values, kindergartenId, existing };
      await m.hooks?.beforeWrite?.(ctx, info);
      const row = { ...rowValues(values, "change"), ...(m.onChange?.() ?? {}) };
      if (m.kindergartenColumn) row[m.kindergartenColumn] = kindergartenId;
      await w.update(m.table, id, row as never);
      await m.hooks?.afterWrite?.(ctx, { ...info, id });
    });
    return reply(c, await getItem(scope, id, lang), msgKey("changed"));
  }));

  // ---- delete ----
  doc("delete", `${base}{id}/`, "Delete", { request: { params: idParamDoc } }, z.null());
  app.delete(idPath, requireAuth, run(async (c) => {
    const scope = await guard(c, "delete");
    const lang = langOf(c);
    const id = pathId(c);
    const item = await getItem(scope, id, lang);
    if (!item) throw notFound();
    assertRowAllowed(def, "delete", item, scope);
    await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
      await m.hooks?.beforeDelete?.({ w, scope, lang, deps }, item);
      await w.delete(m.table, id);
    });
    return reply(c, null, msgKey("deleted"));
  }));

  /** Lookup rows (id + label) for selects of other resources, scoped like the list. */
  return {
    name: def.name,
    async lookup(scope: Scope, params: URLSearchParams, lang: Lang) {
      const q: Record<string, unknown> = {};
      for (const [k, v] of params) q[k] = v;
      const label = m.columns[def.labelField];
      const rows = await filtered(scope, q)
        .select([sql.ref(idCol).as("value"), (label ? shown(def.labelField, label, lang) : refOf(idCol)).as("label")])
        .orderBy(refOf(label ?? idCol))
        .orderBy(sql.ref(idCol))
        .limit(MAX_PAGE_SIZE)
        .execute();
      return rows.map((r: Row) => ({ value: Number(r.value), label: String(r.label) }));
    },
  };
}

export type RegisteredResource = ReturnType<typeof registerResource>;
