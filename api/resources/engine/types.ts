import type { Context } from "hono";
import type { Expression, Kysely, RawBuilder, SelectQueryBuilder, SqlBool } from "kysely";
import type { Action, ResourceDefinition } from "@contract/resource";
import type { HistoryEntry } from "@contract/actions";
import type { App, AppEnv, Deps } from "@api/context";
import type { TableName } from "@api/db/schema";
import type { Writer } from "@api/db/audit";
import type { Lang } from "@api/i18n";
import type { Scope } from "@api/tenancy";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQuery = SelectQueryBuilder<any, any, any>;
export type Row = Record<string, unknown>;
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

/** What a record action's side effect answers: extra columns written with the state change, the reply's message. */
export interface ActionEffect {
  patch?: Record<string, unknown>;
  msg?: string;
  params?: Record<string, string | number>;
}

/** Side effects of a record action (contract/actions.ts), run in the transaction of the state change, before it. */
export interface ActionHook {
  /** Throw fieldError/ApiError to refuse (422 …); return extra columns and the success message. */
  run?(ctx: WriteContext, item: Item, info: { comment: string | null }): Promise<ActionEffect | void> | ActionEffect | void;
  /** The 404's message (push: "save a draft first"). */
  notFoundKey?: string;
  /** The success message (`{{count}}` and `{{action}}` given; default crud:recordActions.done). */
  doneKey?: string;
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
  /** Side effects of the definition's record actions, by action name. */
  actionHooks?: Record<string, ActionHook>;
  /**
   * The history a record's own columns tell when the audit log has no action row for it (records written before the
   * log, or by the demo seed): notices published with a date and an author.
   */
  impliedHistory?: (item: Item) => HistoryEntry[];
  /** The field of the form giving the kindergarten (default `kindergartenId`). */
  kindergartenField?: string;
  /** Filters a column equality cannot express (e.g. "has role X" through a join table); built from api/tenancy-safe SQL. */
  filterWhere?: Record<string, (value: string, scope: Scope) => Expression<SqlBool>>;
}

export const defineMapping = (m: ResourceMapping) => m;

/** What every part of the engine shares for one resource. */
export interface Engine {
  app: App;
  deps: Deps;
  m: ResourceMapping;
  def: ResourceDefinition;
  adb: AnyDb;
  /** `/kindergartens/classes/` */
  base: string;
  /** `<base>:id{[0-9]+}/` (hono) */
  idPath: string;
  kinds: Record<string, string>;
  kgField: string;
  idCol: string;
  requireAuth: import("hono").MiddlewareHandler<AppEnv>;
  guard(c: Context<AppEnv>, action: Action): Promise<Scope>;
  reply(c: Context, data: unknown, key: string, params?: Record<string, string | number>): Response;
  msgKey(what: string): string;
}
