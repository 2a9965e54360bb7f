import type { RoleId } from "./roles";
import type { FileKind } from "./files";
import type { ActionsDef, StatesDef, Tone } from "./actions";

/**
 * The data half of a resource definition (contract/resource.ts adds the zod schemas and the row rule): types and
 * helpers free of zod, so the console's browser bundle can use them on what the loader sends (`ResourceView`).
 */

/**
 * `image`: the value is a file id (contract/files.ts); the list shows its thumbnail through the console's checked /files route.
 * `images`: the value is an ordered list of image file ids; the list shows the first thumbnail and "+N", the detail page
 * all of them, an export their count.
 */
/** `money`: an amount in fen (integer), shown as yuan (¥1,234.50); exported as a number of yuan. */
export type ColumnFormat = "text" | "number" | "money" | "date" | "datetime" | "boolean" | "enum" | "tags" | "image" | "images";
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
  /** i18n key of what an empty value means here (a lesson plan without a class is for every class). */
  empty?: string;
  sortable?: boolean;
  /** enum format: i18n key prefix of the values (`resources:classes.levels` → `…levels.pre`). */
  enumPrefix?: string;
  /** The cell links to the detail page (or the edit page when there is no detail view). */
  link?: boolean;
  /** Colour of a cell by its value (e.g. `{ expired: "danger" }`), so a state stands out in the list. */
  tones?: Record<string, Tone>;
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
  empty?: string;
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
  /** The session's reach (row rules about people read it: contract/person-reach.ts). */
  reach?: "platform" | "group" | "kindergarten";
  kindergartenId?: number | null;
  educationGroupId?: number | null;
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

/**
 * What a console page needs of a definition: plain data without schemas or functions. The server sends it with the
 * page's data (`viewOf` in contract/resource.ts), so the browser never loads the definition, zod or the route tree.
 */
export interface ResourceView {
  /** Unique name, also the lookup name (`classes`). */
  name: string;
  /** i18n key of the title (`resources:classes.title`), singular label for "new X" pages too. */
  title: string;
  /** i18n key of one item (`resources:classes.one`). */
  one: string;
  /** The route-tree page it backs (`/kindergarten/class`): its roles gate list and view. */
  page: string;
  /** A hidden page of routes.md that shows one record's detail too (`/evaluate/entrust/:id`), under its own page rule. */
  detailPage?: string;
  /** Role lists for writes, each a subset of the page roles; default: the page roles. */
  can?: Partial<Record<"create" | "change" | "delete", readonly RoleId[]>>;
  /** Verbs on one row beyond change and delete (users: `setEnabled`, `resetPassword`); they need the `change` roles. */
  rowVerbs?: readonly string[];
  /** The state vocabulary (field, states with labels and tones): data the API, console, tests and docs read. */
  states?: StatesDef;
  /** Named record actions (contract/actions.ts): `POST <endpoint>{id}/<name>/`, buttons, confirmation, history. */
  actions?: ActionsDef;
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
  /**
   * Initial values of the create form (form values as strings, e.g. `{ enabled: "on" }`); `?field=` in the URL wins.
   * `TODAY` stands for the date the form is opened (China time).
   */
  createDefaults?: Record<string, string>;
}

/** Fields only sub-pages read (forms, import, export, detail): a list page is sent none of them (`listViewOf`). */
export type SubPageField = "formGroups" | "createDefaults" | "exportColumns" | "importColumns" | "detail";
/** What a list and a sub-page alike read of a definition: the type of the components both use. */
export type CommonView = Omit<ResourceView, SubPageField>;
/** What a list page is sent of its definition (`listViewOf` in contract/resource.ts). */
export interface ListView extends CommonView {
  /** The definition has import columns: the list offers the import page. */
  importable: boolean;
}

export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The longest keyword a list searches for (the query schema refuses more; the search box takes no more). */
export const KEYWORD_MAX = 50;

export const visibleFor = (roles: readonly RoleId[] | undefined, roleId: number | null | undefined) =>
  !roles || (roleId != null && roles.includes(roleId as RoleId));

export const allFormFields = (def: Pick<ResourceView, "formGroups">) => def.formGroups.flatMap((g) => g.fields);

export const sortableFields = (def: Pick<ResourceView, "columns">) => def.columns.filter((c) => c.sortable).map((c) => c.field);

/** `sort` query value → [field, desc]; falls back to the default sort for unknown fields. */
export function parseSort(def: Pick<ResourceView, "columns" | "defaultSort">, raw: string | null | undefined): { field: string; desc: boolean; value: string } {
  const allowed = sortableFields(def);
  for (const candidate of [raw, def.defaultSort]) {
    if (!candidate) continue;
    const desc = candidate.startsWith("-");
    const field = candidate.replace(/^-/, "");
    if (allowed.includes(field) || field === "id") return { field, desc, value: candidate };
  }
  return { field: "id", desc: true, value: "-id" };
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

/**
 * The label key of one of the definition's fields, wherever the definition names it (form, list, detail, export,
 * import), or undefined: pages that speak of an entity's fields outside its own pages (the personal-data job's
 * "fields cleared") use the entity's own labels.
 */
export function fieldLabelOf(def: ResourceView, field: string): string | undefined {
  const named: { field: string; label: string }[] = [
    ...allFormFields(def).map((f) => ({ field: f.name, label: f.label })),
    ...def.columns,
    ...(Array.isArray(def.detail) ? def.detail.flatMap((g) => g.fields) : []),
    ...(def.exportColumns ?? []),
    ...(def.importColumns ?? []),
  ];
  return named.find((n) => n.field === field)?.label;
}
