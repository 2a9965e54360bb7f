import * as z from "zod";
import { findPage, registerPageVerbs } from "./route-tree";
import type { RoleId } from "./roles";
import { MAX_INT } from "./limits";
import type { FileKind } from "./files";
import { actionOf, actionNames, checkActions, stateDef, stateOf, type ActionsDef, type StatesDef } from "./actions";
import { jitlessZodInBrowser } from "./zod-jitless";

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

/**
 * `image`: the value is a file id (contract/files.ts); the list shows its thumbnail through the console's checked /files route.
 * `images`: the value is an ordered list of image file ids; the list shows the first thumbnail and "+N", the detail page
 * all of them, an export their count.
 */
export type ColumnFormat = "text" | "number" | "date" | "datetime" | "boolean" | "enum" | "tags" | "image" | "images";
/** `images`: several images (an ordered list of file ids, at most `max`), one multiple file input plus the current ones to keep or remove. */
export type FieldKind =
  | "text"
  | "textarea"
  | "number"
  | "integer"
  | "date"
  | "time"
  | "select"
  | "multiselect"
  | "boolean"
  | "phone"
  | "email"
  | "password"
  | "file"
  | "image"
  | "images";

/** A static option: `label` is an i18n key. */
export interface StaticOption {
  value: string | number;
  label: string;
}

/**
 * Where a select's options come from:
 *  - static: a fixed list (labels are i18n keys);
 *  - lookup: `GET lookups/<name>/` of the API ({list: [{value, label}]}, already scoped to the caller).
 *    Every registered resource is a lookup of its own name (id + `labelField`); the API adds named
 *    lookups for entities without a resource yet (api/resources/lookups.ts). `dependsOn` passes the
 *    current value of another form field as a query parameter (e.g. teachers of the chosen kindergarten).
 */
export type OptionSource =
  | {
      static: readonly StaticOption[];
      /** The values this actor may choose (e.g. the roles an administrator may grant); the API enforces the same function. */
      allowed?: (actor: Actor) => readonly (string | number)[];
    }
  | { lookup: string; query?: Record<string, string>; dependsOn?: { field: string; param: string } };

export interface ListColumn {
  field: string;
  label: string;
  format?: ColumnFormat;
  sortable?: boolean;
  /** enum format: i18n key prefix of the values (`resources:classes.levels` → `…levels.pre`). */
  enumPrefix?: string;
  /** The cell links to the detail page (or the edit page when there is no detail view). */
  link?: boolean;
  /** Colour of a cell by its value (e.g. `{ expired: "danger" }`), so a state stands out in the list. */
  tones?: Record<string, "danger" | "warning" | "success" | "muted">;
  /** Shown only to these roles (e.g. the kindergarten column to roles reaching several kindergartens). */
  roles?: readonly RoleId[];
  align?: "left" | "right" | "center";
}

export interface FilterDef {
  /** Query parameter (dateRange: `<field>From` and `<field>To`). */
  field: string;
  label: string;
  kind: "select" | "text" | "dateRange" | "boolean";
  options?: OptionSource;
  roles?: readonly RoleId[];
}

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  options?: OptionSource;
  placeholder?: string;
  help?: string;
  /** Shown (and accepted by the console) only for these roles; the API decides what the others get. */
  roles?: readonly RoleId[];
  /** Only on the create form (e.g. an initial password). */
  createOnly?: boolean;
  /** File inputs: the accept attribute. */
  accept?: string;
  /** File inputs: the kind of file (contract/files.ts FILE_KINDS), checked by content on upload. */
  fileKind?: FileKind;
  /** `images`: the most images the field holds (its schema, `fields.images`, refuses more with the same number). */
  max?: number;
  /** Width in the form grid. */
  wide?: boolean;
}

export interface FormGroup {
  title?: string;
  fields: FormField[];
}

export interface ExportColumn {
  field: string;
  label: string;
  format?: ColumnFormat;
  enumPrefix?: string;
}

/** Import: a column of the template / file (`header` is an i18n key; the header row is matched in either language). */
export interface ImportColumn {
  field: string;
  label: string;
  /** Example value in the template's second row. */
  example?: string;
}

export type Action = "list" | "view" | "create" | "change" | "delete";

/** Who acts: the API's Scope and the console's session user both carry these. */
export interface Actor {
  userId: number;
  roleId: number;
}

/** Why a row action is refused: the API answers `status` with the translated `key` (`field`: as a 422 on that field). */
export interface Refusal {
  status: 403 | 409 | 422;
  key: string;
  field?: string;
  /** A record action refused by the state (the API words it "<record> is <state>; <action> needs <states>"). */
  state?: { action: string; is: string | null; needs: readonly string[] };
}

/** Per-row permissions as the API's list and item replies carry them (`item.actions`), e.g. `{change: true, delete: false}`. */
export type RowActions = Record<string, boolean>;

export interface ResourceDefinition<Item extends z.ZodObject = z.ZodObject, Form extends z.ZodObject = z.ZodObject> {
  /** Unique name, also the lookup name (`classes`). */
  name: string;
  /** i18n key of the title (`resources:classes.title`), singular label for "new X" pages too. */
  title: string;
  /** i18n key of one item (`resources:classes.one`). */
  one: string;
  /** API endpoint base in the style of section 7: `kindergartens/classes/`. */
  endpoint: string;
  /** The route-tree page it backs (`/kindergarten/class`): its roles gate list and view. */
  page: string;
  /** A hidden page of routes.md that shows one record's detail too (`/evaluate/entrust/:id`), under its own page rule. */
  detailPage?: string;
  /** Role lists for writes, each a subset of the page roles; default: the page roles. */
  can?: Partial<Record<"create" | "change" | "delete", readonly RoleId[]>>;
  /** Verbs on one row beyond change and delete (users: `setEnabled`, `resetPassword`); they need the `change` roles. */
  rowVerbs?: readonly string[];
  /**
   * The rule on one row beyond the role lists (users: only holders of roles the caller may grant; never oneself):
   * null = allowed. The API guards every row write with it and reports it per row (`actions`); the console offers
   * only what it allows. See `rowRefusal`.
   */
  rowRule?: (verb: string, row: Record<string, unknown>, actor: Actor) => Refusal | null;
  /** The state vocabulary (field, states with labels and tones): data the API, console, tests and docs read. */
  states?: StatesDef;
  /** Named record actions (contract/actions.ts): `POST <endpoint>{id}/<name>/`, buttons, confirmation, history. */
  actions?: ActionsDef;
  /** What the API returns for one row. */
  item: Item;
  /** Create (and, unless `changeForm`, change) input; its messages are i18n keys. */
  form: Form;
  changeForm?: z.ZodObject;
  /** The field naming an item (option labels, confirmation texts). */
  labelField: string;
  columns: ListColumn[];
  filters?: FilterDef[];
  /** Fields the keyword searches (API maps them to columns); empty = no search box. */
  search?: string[];
  /** `field` or `-field`. */
  defaultSort: string;
  pageSizes?: readonly number[];
  formGroups: FormGroup[];
  exportColumns?: ExportColumn[];
  importColumns?: ImportColumn[];
  /** A detail page: true = every column and form field, or explicit groups of item fields. */
  detail?: boolean | { title?: string; fields: ExportColumn[] }[];
  /** Bulk delete on the list (default true when delete is allowed). */
  bulkDelete?: boolean;
  /** Export links on the list (default true); false for endpoints without `export/` (section 7 bindings). */
  exportable?: boolean;
  /** Whether the API answers `GET <endpoint>{id}/` (default true); false: the delete page names the row by id only. */
  itemEndpoint?: boolean;
  /** Import: form values applied to every row that does not give them (e.g. `{ enabled: "on" }`). */
  importDefaults?: Record<string, string>;
  /**
   * Initial values of the create form (form values as strings, e.g. `{ enabled: "on" }`); `?field=` in the URL wins.
   * `TODAY` stands for the date the form is opened (China time).
   */
  createDefaults?: Record<string, string>;
}

/** A create-form default meaning "the date the form is opened" (resolved by the console's loader). */
export const TODAY = "@today";

export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;
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

export const visibleFor = (roles: readonly RoleId[] | undefined, roleId: number | null | undefined) =>
  !roles || (roleId != null && roles.includes(roleId as RoleId));

export const formSchemaFor = (def: ResourceDefinition, mode: "create" | "change") => (mode === "change" && def.changeForm ? def.changeForm : def.form);

export const allFormFields = (def: ResourceDefinition) => def.formGroups.flatMap((g) => g.fields);

export const sortableFields = (def: ResourceDefinition) => def.columns.filter((c) => c.sortable).map((c) => c.field);

/** `sort` query value → [field, desc]; falls back to the default sort for unknown fields. */
export function parseSort(def: ResourceDefinition, raw: string | null | undefined): { field: string; desc: boolean; value: string } {
  const allowed = sortableFields(def);
  for (const candidate of [raw, def.defaultSort]) {
    if (!candidate) continue;
    const desc = candidate.startsWith("-");
    const field = candidate.replace(/^-/, "");
    if (allowed.includes(field) || field === "id") return { field, desc, value: candidate };
  }
  return { field: "id", desc: true, value: "-id" };
}

/** The list query parameters a definition accepts (everything else is dropped). */
export function listParamNames(def: ResourceDefinition): string[] {
  const names = ["currentPage", "pageSize", "sort", "keyword"];
  for (const f of def.filters ?? []) {
    if (f.kind === "dateRange") names.push(`${f.field}From`, `${f.field}To`);
    else names.push(f.field);
  }
  return names;
}

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
      .string()
      .optional()
      .refine((s) => !s || [...sortableFields(def), "id"].includes(s.replace(/^-/, "")), "crud:validation.sort"),
    keyword: z.string().trim().max(50, "crud:validation.tooLong#max=50").optional(),
  };
  for (const f of def.filters ?? []) {
    if (f.kind === "dateRange") {
      shape[`${f.field}From`] = dateString.optional();
      shape[`${f.field}To`] = dateString.optional();
    } else if (f.kind === "boolean") {
      shape[f.field] = z.enum(["true", "false", "1", "0"], { error: "crud:validation.oneOf" }).optional();
    } else {
      shape[f.field] = z.string().max(100, "crud:validation.tooLong#max=100").optional();
    }
  }
  return z.object(shape);
}

/** Splits `key#a=1&b=2` into the key and its interpolation parameters. */
export function splitMessage(message: string): { key: string; params: Record<string, string> } {
  const i = message.indexOf("#");
  if (i < 0) return { key: message, params: {} };
  return { key: message.slice(0, i), params: Object.fromEntries(new URLSearchParams(message.slice(i + 1))) };
}

/**
 * Whether a message is a namespaced i18n key (`crud:…`, `resources:…`, a section's `students:…`): any lowercase-first
 * namespace word, so a section's new namespace (registered in contract/locales/index.ts) needs no second list here;
 * a key missing from the locales still shows as itself, which the locale tests catch.
 */
const NAMESPACED_RE = /^[a-z][A-Za-z0-9]*:[\w.-]+(#.*)?$/;
export const isNamespacedKey = (message: string) => NAMESPACED_RE.test(message);

// ---------------------------------------------------------------------------------------------
// Field schema builders: zod with our message keys, tolerant of what forms send (conform turns ""
// into undefined; the API does the same, see api/resources/engine.ts). Use them in form schemas.
// ---------------------------------------------------------------------------------------------
/** A real calendar date YYYY-MM-DD (2026-13-01 and 2026-02-30 are refused). */
const isCalendarDate = (v: string) => {
  const t = Date.parse(v + "T00:00:00Z");
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "crud:validation.date")
  .refine(isCalendarDate, "crud:validation.date");

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
    let s = z.number({ error: o.message ?? "crud:validation.required" }).int("crud:validation.integer");
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
    let s = z.number({ error: o.message ?? "crud:validation.required" });
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
