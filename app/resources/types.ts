import type { SubmissionResult } from "@conform-to/react";
import type { ListView, ResourceView } from "@contract/resource-view";

/** Shapes the resource loaders answer (serialisable; shared by app/resources and app/components/resource). */
export interface Option {
  value: string;
  label: string;
}
export interface Perms {
  create: boolean;
  change: boolean;
  delete: boolean;
  view: boolean;
}
interface Base {
  title: string;
  titleKey: string;
  /** The translated `one` of the definition. */
  one: string;
  roleId: number;
  perms: Perms;
  /** The list's query string to return to ("?…" or ""). */
  back: string;
}
/** A row; `actions`: what the user may do with it (`{change, delete, …}`, from the API's row rule). */
export type Item = Record<string, unknown> & { id: number; actions?: Record<string, boolean> };

export interface ListData extends Base {
  view: "list";
  /** What a list reads of the definition (`listViewOf`): no forms, import, export or detail fields. */
  def: ListView;
  query: Record<string, string>;
  page: { list: Item[]; total: number; currentPage: number; pageSize: number };
  error: string | null;
  options: Record<string, Option[]>;
}

export type SubData = Base & {
  /** The definition as plain data (`viewOf`): the browser never loads the definition itself. */
  def: ResourceView;
} & (
    | {
        view: "create" | "edit";
        id: number | null;
        item: Record<string, unknown> | null;
        defaults: Record<string, unknown>;
        options: Record<string, Option[]>;
        fieldNames: string[];
        /** The schema's constraints per field (required, lengths, bounds, pattern), for the browser's own checks. */
        constraint: Record<string, FieldConstraint>;
      }
    | { view: "detail" | "delete"; id: number; item: Record<string, unknown> }
    | { view: "bulkDelete"; items: Record<string, unknown>[] }
    | { view: "import"; options: Record<string, Option[]>; report: ImportReport | null }
  );

/** The confirmation page of a record action (app/resources/actions.server.ts). */
export interface RecordActionData {
  view: "recordAction";
  def: ResourceView;
  title: string;
  titleKey: string;
  back: string;
  action: string;
  actionLabel: { zh: string; en: string };
  comment: "required" | "optional" | null;
  commentMax: number;
  /** Whether the record allows it now (role, row rule, state). */
  allowed: boolean;
  state: string | null;
  item: { id: number; label: string };
}
/** The confirmation page of a bulk record action, `<page>/<action>?ids=…` (app/resources/actions.server.ts). */
export interface BulkActionData {
  view: "bulkAction";
  def: ResourceView;
  title: string;
  titleKey: string;
  back: string;
  action: string;
  actionLabel: { zh: string; en: string };
  comment: "required" | "optional" | null;
  /** The selected rows the user may act on; `allowed: false` = not in a from-state now (the API will refuse the whole request). */
  items: { id: number; label: string; state: string | null; allowed: boolean }[];
}
export interface RecordActionResult {
  actionError?: string;
  fieldErrors?: Record<string, string[]>;
}

export interface ImportReport {
  message: string;
  rows: { row: number; errors: Record<string, string[]> }[];
  lines: string[];
}

export type FormActionData = { result: SubmissionResult<string[]> } | { report: ImportReport };

/** conform's Constraint, computed on the server from the zod schema (getZodConstraint). */
export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
}
