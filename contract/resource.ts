import { oncePer } from "./once-per";
import * as z from "zod";
import { findPage, registerPageVerbs } from "./route-tree";
import type { RoleId } from "./roles";
import { MAX_INT } from "./limits";
import { BOOLEAN_WORDS, BOOLEAN_WORDS_TEXT } from "./boolean-words";
import { actionOf, actionNames, checkActions, stateDef, stateOf } from "./actions";
import { jitlessZodInBrowser } from "./zod-jitless";
import {
  sortableFields,
  DEFAULT_PAGE_SIZES,
  KEYWORD_MAX,
  type Action,
  type OptionSource,
  type Actor,
  type ResourceView,
  type ListView,
  type Refusal,
  type RowActions,
  type StaticOption,
} from "./resource-view";
import { isCalendarDate } from "./school-time";

export * from "./resource-view";

// Pages that load a definition parse with zod in the browser: no `new Function` there (CSP).
jitlessZodInBrowser();

/**
 * The declarative definition of a resource (an entity with list / form / CRUD pages), shared by the
 * school API (api/resources/engine.ts) and the console (app/resources/*.server.ts,
 * app/components/resource/*). Django admin's ModelAdmin, as data: one object per entity in
 * contract/resources/<name>.ts. See docs/resources.md.
 *
 * Texts are i18n keys with their namespace: `resources:classes.fields.name`, `crud:actions.create`.
 * Validation messages in the zod schemas are keys too, optionally with parameters after `#`:
 * `crud:validation.tooLong#max=30` (see `splitMessage`).
 */

export interface ResourceDefinition<Item extends z.ZodObject = z.ZodObject, Form extends z.ZodObject = z.ZodObject> extends ResourceView {
  /** API endpoint base in the style of section 7: `kindergartens/classes/`. */
  endpoint: string;
  /** Import: form values applied to every row that does not give them (e.g. `{ enabled: "on" }`). */
  importDefaults?: Record<string, string>;
  /**
   * The rule on one row beyond the role lists (users: only holders of roles the caller may grant; never oneself):
   * null = allowed. The API guards every row write with it and reports it per row (`actions`); the console offers
   * only what it allows. See `rowRefusal`.
   */
  rowRule?: (verb: string, row: Record<string, unknown>, actor: Actor) => Refusal | null;
  /** What the API returns for one row. */
  item: Item;
  /** Create (and, unless `changeForm`, change) input; its messages are i18n keys. */
  form: Form;
  /** The change form's input when it differs from the create form. */
  changeForm?: z.ZodObject;
}

/** A create-form default meaning "the date the form is opened" (resolved by the console's loader). */
export const TODAY = "@today";

export const MAX_PAGE_SIZE = 10000;

/** Identity with type inference: `export const classes = defineResource({...})`. */
export function defineResource<Item extends z.ZodObject, Form extends z.ZodObject>(def: ResourceDefinition<Item, Form>) {
  const page = findPage(def.page);
  if (!page) throw new Error(`resource ${def.name}: page ${def.page} is not in the route tree`);
  for (const [action, roles] of Object.entries(def.can ?? {}))
    for (const r of roles ?? [])
      if (!page.meta.roles.includes(r)) throw new Error(`resource ${def.name}: can.${action} role ${r} is not a role of ${def.page}`);
  checkActions(def, page.meta.roles);
  registerPageVerbs(
    def.page,
    actionNames(def),
    actionNames(def).filter((n) => actionOf(def, n)!.where.includes("bulk")),
  );
  return def;
}

/** The roles that may perform `action` (list/view: the page roles; writes: `can` or the page roles). */
export function rolesFor(def: ResourceDefinition, action: Action): readonly RoleId[] {
  const page = findPage(def.page);
  const pageRoles = page?.meta.roles ?? [];
  if (action === "list" || action === "view") return pageRoles;
  return def.can?.[action] ?? pageRoles;
}

/** Whether `roleId` may perform `action` on the resource (the page rule itself is checked separately). */
export const can = (def: ResourceDefinition, action: Action, roleId: RoleId | number | null | undefined) =>
  roleId != null && rolesFor(def, action).includes(roleId as RoleId);

/** The verbs a row can be offered: change, delete and the definition's own. */
export const rowVerbsOf = (def: ResourceDefinition): string[] => ["change", "delete", ...(def.rowVerbs ?? []), ...actionNames(def)];

/** The roles that may take a record action (its own list, else the `change` roles). */
export const actionRoles = (def: ResourceDefinition, name: string): readonly RoleId[] => actionOf(def, name)?.roles ?? rolesFor(def, "change");

/** Why `actor` may not apply `verb` to `row` (role lists first, then the definition's row rule, then an action's states), or null. */
export function rowRefusal(def: ResourceDefinition, verb: string, row: Record<string, unknown>, actor: Actor): Refusal | null {
  const action = actionOf(def, verb);
  if (action) {
    if (!actionRoles(def, verb).includes(actor.roleId as RoleId)) return { status: 403, key: "error.forbidden" };
    const rule = def.rowRule?.(verb, row, actor);
    if (rule) return rule;
    const is = stateOf(def, row);
    if (is === null || !action.from.includes(is))
      return { status: 409, key: "crud:recordActions.wrongState", state: { action: verb, is: stateDef(def, is)?.name ?? null, needs: action.from } };
    return null;
  }
  const roleAction: Action = verb === "delete" ? "delete" : "change";
  if (!can(def, roleAction, actor.roleId)) return { status: 403, key: "error.forbidden" };
  return def.rowRule?.(verb, row, actor) ?? null;
}

/** `{verb: allowed}` for every row verb of the definition: what the API reports per row and the console offers. */
export const rowActionsFor = (def: ResourceDefinition, row: Record<string, unknown>, actor: Actor): RowActions =>
  Object.fromEntries(rowVerbsOf(def).map((v) => [v, rowRefusal(def, v, row, actor) === null]));

/** The options of a static source this actor may choose. */
export function allowedOptions(
  source: { static: readonly StaticOption[]; allowed?: (actor: Actor) => readonly (string | number)[] },
  actor: Actor,
): readonly StaticOption[] {
  if (!source.allowed) return source.static;
  const ok = new Set(source.allowed(actor).map(String));
  return source.static.filter((o) => ok.has(String(o.value)));
}

export const formSchemaFor = (def: ResourceDefinition, mode: "create" | "change") => (mode === "change" && def.changeForm ? def.changeForm : def.form);

/** The list query parameters a definition accepts (everything else is dropped). */
export function listParamNames(def: ResourceDefinition): string[] {
  const names = ["currentPage", "pageSize", "sort", "keyword"];
  for (const f of def.filters ?? []) {
    if (f.kind === "dateRange") names.push(`${f.field}From`, `${f.field}To`);
    else names.push(f.field);
  }
  return names;
}

/** The values of a list's `sort`: each sortable field and `id`, ascending (`name`) or descending (`-name`). */
export const sortValues = (def: ResourceDefinition): [string, ...string[]] => {
  const fields = [...new Set([...sortableFields(def), "id"])];
  return [...fields, ...fields.map((f) => `-${f}`)] as [string, ...string[]];
};

/** Query schema of the list (and export) endpoints. Filters stay strings; the API maps them. */
export function listQuerySchema(def: ResourceDefinition) {
  const shape: Record<string, z.ZodType> = {
    currentPage: z.coerce.number({ error: "crud:validation.integer" }).int("crud:validation.integer").min(1, "crud:validation.min#min=1").default(1),
    pageSize: z.coerce
      .number({ error: "crud:validation.integer" })
      .int("crud:validation.integer")
      .min(1, "crud:validation.min#min=1")
      .max(MAX_PAGE_SIZE, `crud:validation.max#max=${MAX_PAGE_SIZE}`)
      .default(def.pageSizes?.[0] ?? DEFAULT_PAGE_SIZES[0]),
    sort: z
      .enum(sortValues(def), { error: "crud:validation.sort" })
      .optional()
      .describe("A sortable field, ascending; with a leading - descending (ties by id)"),
    keyword: z.string().trim().max(KEYWORD_MAX, `crud:validation.tooLong#max=${KEYWORD_MAX}`).optional(),
  };
  for (const f of def.filters ?? []) {
    if (f.kind === "dateRange") {
      shape[`${f.field}From`] = dateString.optional();
      shape[`${f.field}To`] = dateString.optional();
    } else if (f.kind === "boolean") {
      shape[f.field] = z.enum(BOOLEAN_WORDS, { error: "crud:validation.oneOf" }).optional().describe(BOOLEAN_WORDS_TEXT);
    } else if (f.options && "static" in f.options) {
      // A choice among fixed values: another value is a 422, not an empty page.
      const values = [...new Set(f.options.static.map((o) => String(o.value)))] as [string, ...string[]];
      shape[f.field] = z.enum(values, { error: "crud:validation.oneOf" }).optional();
    } else if (itemFieldType(def, f.field) === "number" || (/Id$/.test(f.field) && !itemFieldType(def, f.field))) {
      // An id (kindergartenId, classId, …): an integer, validated as one (422 on `kindergartenId=abc`); the API
      // reads it as the digits it was given.
      shape[f.field] = z.coerce
        .number({ error: "crud:validation.integer" })
        .int("crud:validation.integer")
        .min(1, "crud:validation.min#min=1")
        .max(MAX_INT, `crud:validation.max#max=${MAX_INT}`)
        .transform(String)
        .optional();
    } else {
      shape[f.field] = z.string().max(100, "crud:validation.tooLong#max=100").optional();
    }
  }
  return z.object(shape);
}

/** The zod type of an item field (under optional/nullable/default), e.g. "number", "string", "enum". */
function itemFieldType(def: ResourceDefinition, field: string): string | undefined {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let cur: any = (def.item as unknown as { shape?: Record<string, unknown> }).shape?.[field];
  while (cur?._zod?.def && ["optional", "nullable", "default", "prefault", "readonly"].includes(cur._zod.def.type)) cur = cur._zod.def.innerType;
  return cur?._zod?.def?.type;
}

// ---------------------------------------------------------------------------------------------
// Field schema builders: zod with our message keys, tolerant of what forms send (conform turns ""
// into undefined; the API does the same, see api/resources/engine.ts). Use them in form schemas.
// ---------------------------------------------------------------------------------------------
const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "crud:validation.date")
  .refine(isCalendarDate, "crud:validation.date");

/** "This field is required" only when the value is missing; a value that is there but wrong gets `invalid`'s text. */
const missingOr = (invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === "" ? "crud:validation.required" : invalid;

export const fields = {
  /** Required text, trimmed. */
  text: (o: { max?: number; min?: number; message?: string } = {}) =>
    z
      .string({ error: o.message ?? "crud:validation.required" })
      .trim()
      .min(o.min ?? 1, o.min && o.min > 1 ? `crud:validation.tooShort#min=${o.min}` : (o.message ?? "crud:validation.required"))
      .max(o.max ?? 100, `crud:validation.tooLong#max=${o.max ?? 100}`),
  /** Optional text (missing = null). */
  optionalText: (o: { max?: number } = {}) =>
    z
      .string()
      .trim()
      .max(o.max ?? 500, `crud:validation.tooLong#max=${o.max ?? 500}`)
      .nullish(),
  integer: (o: { min?: number; max?: number; message?: string } = {}) => {
    let s = z.number({ error: o.message ?? missingOr("crud:validation.integer") }).int("crud:validation.integer");
    if (o.min != null) s = s.min(o.min, `crud:validation.min#min=${o.min}`);
    const max = o.max ?? MAX_INT;
    return s.max(max, `crud:validation.max#max=${max}`);
  },
  optionalInteger: (o: { min?: number; max?: number } = {}) => {
    let s = z.number({ error: "crud:validation.integer" }).int("crud:validation.integer");
    if (o.min != null) s = s.min(o.min, `crud:validation.min#min=${o.min}`);
    const max = o.max ?? MAX_INT;
    return s.max(max, `crud:validation.max#max=${max}`).nullish();
  },
  number: (o: { min?: number; max?: number; message?: string } = {}) => {
    let s = z.number({ error: o.message ?? missingOr("crud:validation.number") });
    if (o.min != null) s = s.min(o.min, `crud:validation.min#min=${o.min}`);
    if (o.max != null) s = s.max(o.max, `crud:validation.max#max=${o.max}`);
    return s;
  },
  /** One of fixed values. */
  choice: <const T extends readonly [string, ...string[]]>(values: T, message = "crud:validation.choose") => z.enum(values, { error: message }),
  /** A referenced id (select). */
  ref: (message = "crud:validation.choose") => z.number({ error: message }).int(message).positive(message).max(MAX_INT, message),
  optionalRef: () => z.number({ error: "crud:validation.choose" }).int().positive().max(MAX_INT, "crud:validation.choose").nullish(),
  /** Several referenced ids (multiselect); missing = []. */
  refs: (o: { max?: number } = {}) =>
    z
      .array(z.number({ error: "crud:validation.choose" }).int().positive().max(MAX_INT, "crud:validation.choose"))
      .max(o.max ?? 100, `crud:validation.tooMany#max=${o.max ?? 100}`)
      .default([]),
  /** Several image file ids in order (an `images` field); missing = []; more than `max` → `crud:files.tooManyImages`. */
  images: (o: { max: number }) =>
    z
      .array(
        z.number({ error: "crud:validation.choose" }).int("crud:validation.choose").positive("crud:validation.choose").max(MAX_INT, "crud:validation.choose"),
      )
      .max(o.max, `crud:files.tooManyImages#max=${o.max}`)
      .default([]),
  date: (message = "crud:validation.required") =>
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "crud:validation.date")
      .refine(isCalendarDate, "crud:validation.date"),
  optionalDate: () => dateString.nullish(),
  time: (message = "crud:validation.required") => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "crud:validation.time"),
  boolean: () => z.boolean().default(false),
  phone: (message = "crud:validation.required") =>
    z
      .string({ error: message })
      .trim()
      .regex(/^1\d{10}$/, "crud:validation.phone"),
  email: () => z.string().trim().email("crud:validation.email").max(100, "crud:validation.tooLong#max=100").nullish(),
};

export type ItemOf<D extends ResourceDefinition> = z.infer<D["item"]>;

const plainSource = <T extends { options?: OptionSource }>(x: T): T =>
  x.options && "static" in x.options ? { ...x, options: { static: x.options.static } } : x;

/**
 * What the console sends a page of the definition instead of the definition itself (so the browser loads neither
 * zod nor the route tree): no schemas, no row rule, no API endpoint, option lists without their actor rule (the
 * loader narrows them), and each record action's roles resolved.
 */
export const viewOf = oncePer((def: ResourceDefinition): ResourceView => {
  const { item: _item, form: _form, changeForm: _change, rowRule: _rule, endpoint: _endpoint, importDefaults: _imports, ...data } = def;
  const view: ResourceView = {
    ...data,
    filters: def.filters?.map(plainSource),
    formGroups: def.formGroups.map((g) => ({ ...g, fields: g.fields.map(plainSource) })),
    actions: def.actions && Object.fromEntries(actionNames(def).map((n) => [n, { ...def.actions![n]!, roles: actionRoles(def, n) }])),
  };
  return view;
});
/** What a list page is sent: `viewOf` without what only sub-pages read, the bytes of every list document. */
export const listViewOf = oncePer((def: ResourceDefinition): ListView => {
  const { formGroups: _f, createDefaults: _c, exportColumns: _e, importColumns, detail: _d, ...rest } = viewOf(def);
  return { ...rest, importable: Boolean(importColumns?.length) };
});
