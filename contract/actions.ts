import type { RoleId } from "./roles";

/**
 * Record actions and state vocabularies (docs/resources.md "Record actions"): DATA in a resource definition
 * from which the API registers `POST <endpoint>{id}/<action>/` (and `bulk_<action>/`), the console offers its
 * buttons, confirmation page and dialog, the guard learns the verbs, and scripts/state-tables.ts writes the docs.
 *
 *   states: { field: "status", list: [{ name: "draft", label: { zh: "草稿", en: "Draft" }, tone: "muted" }, …] },
 *   actions: { send: { label: { zh: "发送", en: "Send" }, from: ["draft"], to: "sent", roles: [6], confirm: true, where: ["row", "detail"] } },
 */
export type Tone = "success" | "warning" | "danger" | "muted" | "info";
export interface Label {
  zh: string;
  en: string;
}
export type Lang2 = keyof Label;

export interface StateDef {
  /** The state's name (what the definition's `from`/`to` say). */
  name: string;
  label: Label;
  tone: Tone;
  /** The value in the table column (default: `name`; users store 1/0). */
  stored?: string | number;
  /** The value in the API item (default: `name`; users' `enabled` is a boolean). */
  item?: string | number | boolean;
}

export interface StatesDef {
  /** The item field (and, through the mapping's columns, the table column) holding the state. */
  field: string;
  list: readonly StateDef[];
}

export type ActionPlace = "row" | "detail" | "bulk";

export interface ActionDef {
  label: Label;
  /** States the record must be in. */
  from: readonly string[];
  /** State after the action. */
  to: string;
  /** Roles allowed (default: the resource's `change` roles); always a subset of the page roles. */
  roles?: readonly RoleId[];
  /** Asks "are you sure" first (a confirmation page without JavaScript, a dialog with it). */
  confirm?: boolean;
  /** A comment field on the confirmation: required (422 when empty) or optional; none when absent. */
  comment?: "required" | "optional";
  /** What the record calls the comment, an i18n key (entrusts: their reply); default crud:recordActions.comment "说明". */
  commentLabel?: string;
  where: readonly ActionPlace[];
  /** Tone of its button (danger for destructive ones). */
  tone?: "danger" | "primary";
}

export type ActionsDef = Record<string, ActionDef>;

/** What a definition carries (contract/resource.ts ResourceDefinition picks these up). */
export interface WithActions {
  name: string;
  states?: StatesDef;
  actions?: ActionsDef;
}

export const COMMENT_MAX = 500;

/** The comment field's label key: the record's own name for it when it has one (one name in the dialog and the list). */
export const commentLabelOf = (a: Pick<ActionDef, "commentLabel"> | null | undefined) => a?.commentLabel ?? "crud:recordActions.comment";

/**
 * The key of a record action's message (`crud:recordActions.<kind>`). A Chinese label that already names the state
 * reached (已喂药, 已联系) is no verb to put after 要/已: its messages say "mark as" instead ("已喂药 1 条", not
 * "已已喂药 1 条"; "确定将“…”标记为已喂药吗？").
 */
export function actionMessageKey(label: Label, kind: "done" | "confirm" | "bulk" | "bulkConfirm"): string {
  return `crud:recordActions.${kind}${label.zh.startsWith("已") ? "Marked" : ""}`;
}

/** The state name of a row (item or table row), or null when it matches none. */
export function stateOf(def: WithActions, row: Record<string, unknown>): string | null {
  if (!def.states) return null;
  const v = row[def.states.field];
  for (const s of def.states.list) {
    const itemValue = s.item ?? s.name;
    if (v === itemValue || String(v) === String(itemValue) || String(v) === String(s.stored ?? s.name)) return s.name;
    if (typeof itemValue === "boolean" && (v === 1 || v === 0) && (v === 1) === itemValue) return s.name;
  }
  return null;
}

export const stateDef = (def: WithActions, name: string | null) => def.states?.list.find((s) => s.name === name) ?? null;
export const storedOf = (s: StateDef) => s.stored ?? s.name;
export const actionNames = (def: WithActions) => Object.keys(def.actions ?? {});
export const actionOf = (def: WithActions, name: string): ActionDef | null => (def.actions && Object.hasOwn(def.actions, name) ? def.actions[name]! : null);
export const labelIn = (l: Label, lang: string) => (lang === "en" ? l.en : l.zh);

/** Checks a definition's actions against its states (thrown at load time by defineResource). */
export function checkActions(def: WithActions, pageRoles: readonly number[]) {
  for (const [name, a] of Object.entries(def.actions ?? {})) {
    if (!def.states) throw new Error(`resource ${def.name}: action ${name} without states`);
    if (!/^[a-z][A-Za-z]*$/.test(name)) throw new Error(`resource ${def.name}: action name ${name} is not camelCase`);
    // `<page>/<action>` is the bulk confirmation: it must not shadow the resource's own sub-pages.
    if (a.where.includes("bulk") && ["new", "import", "export", "delete", "edit", "send"].includes(name))
      throw new Error(`resource ${def.name}: bulk action ${name} would shadow the sub-page ${name}`);
    for (const s of [...a.from, a.to]) if (!stateDef(def, s)) throw new Error(`resource ${def.name}: action ${name} names unknown state ${s}`);
    for (const r of a.roles ?? []) if (!pageRoles.includes(r)) throw new Error(`resource ${def.name}: action ${name} role ${r} is not a page role`);
  }
}

/** One row of a state table: from which state an action leads where (and who may take it). */
export interface Transition {
  action: string;
  from: string;
  to: string;
  roles: readonly number[];
}

/** Every declared transition (one per from-state) — what the docs' tables and the tests walk. */
export function transitionsOf(def: WithActions, rolesOf: (a: ActionDef) => readonly number[]): Transition[] {
  return Object.entries(def.actions ?? {}).flatMap(([action, a]) => a.from.map((from) => ({ action, from, to: a.to, roles: rolesOf(a) })));
}

/** One transition of a record, as the API's item reply carries it (`history`, read from the audit log). */
export interface HistoryEntry {
  action: string;
  from: string | null;
  to: string | null;
  by: number | null;
  byName: string | null;
  at: string;
  comment: string | null;
}
