/**
 * Record actions (contract/actions.ts): from the definition's `actions` and `states`,
 *   POST <base>{id}/<action>/      form `comment` (required/optional/none as declared)
 *   POST <base>bulk_<action>/      form `ids` (+ `comment`), all or nothing — when `where` has "bulk"
 * 403 for a role the action does not name (and the row rule), 404 outside the scope, 409 when the record's state
 * does not allow it, 422 for a missing required comment. The state change, the mapping's side effect
 * (`actionHooks.<action>.run`) and the audit row are one transaction; the UPDATE is conditional on the from-states,
 * so of two concurrent submits exactly one succeeds. `historyOf` reads the transitions back from the audit log.
 */
import { z } from "@hono/zod-openapi";
import {
  actionMessageKey,
  actionNames,
  actionOf,
  COMMENT_MAX,
  labelIn,
  stateDef,
  stateOf,
  storedOf,
  type ActionDef,
  type HistoryEntry,
} from "@contract/actions";
import { actionRoles, rowRefusal } from "@contract/resource";
import type { RoleId } from "@contract/roles";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { write, type Writer } from "@api/db/audit";
import { ApiError, forbidden, langOf, notFound, pathId, run } from "@api/http";
import type { Lang } from "@api/i18n";
import type { Scope } from "@api/tenancy";
import { formatList } from "@contract/format";
import { fieldErrors } from "./forms";
import { bulkReplyDoc, docOf, formDoc, idParamDoc, idsDoc, itemReplyDoc, operationId } from "./openapi";
import { getItem } from "./query";
import { actorOfScope, parseIds } from "./write";
import type { ActionEffect, AnyDb, Engine, Item } from "./types";

/** The table column of the state (the item field's column without the alias). */
export const stateColumn = (e: Engine) => {
  const col = e.m.columns[e.def.states!.field];
  if (typeof col !== "string") throw new Error(`resource ${e.def.name}: the state field must map to a column`);
  return col.replace(/^\w+\./, "");
};

/** 409: "<record> is <state>; <action> needs <states>" in the caller's language. */
function wrongState(e: Engine, lang: Lang, name: string, item: Item): ApiError {
  const a = actionOf(e.def, name)!;
  const is = stateDef(e.def, stateOf(e.def, item));
  const states = a.from.map((s) => labelIn(stateDef(e.def, s)!.label, lang));
  return new ApiError(409, "crud:recordActions.wrongState", {
    record: String(item[e.def.labelField] ?? item.id),
    state: is ? labelIn(is.label, lang) : "?",
    action: labelIn(a.label, lang),
    states: formatList(lang, states, "narrow"),
  });
}

/** The comment of the form: 422 when required and empty, or too long; null when the action takes none. */
export function commentOf(a: ActionDef, raw: unknown): string | null {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!a.comment) return null;
  // A comment with the record's own name (entrusts: reply) gets the plain "cannot be empty" under that label.
  if (a.comment === "required" && !text) throw fieldErrors({ comment: [a.commentLabel ? "crud:validation.required" : "crud:recordActions.commentRequired"] });
  if (text.length > COMMENT_MAX) throw fieldErrors({ comment: [`crud:validation.tooLong#max=${COMMENT_MAX}`] });
  return text || null;
}

/** One record's action inside an open writer: scope (404), row rule and state (403/409/422), side effect, conditional update. */
export async function performAction(e: Engine, w: Writer, scope: Scope, lang: Lang, id: number, name: string, comment: string | null): Promise<ActionEffect> {
  const a = actionOf(e.def, name)!;
  const hook = e.m.actionHooks?.[name];
  const item = await getItem(e, scope, id, lang, w.trx as unknown as AnyDb);
  if (!item) throw notFound(hook?.notFoundKey);
  const refusal = rowRefusal(e.def, name, item, actorOfScope(scope));
  if (refusal?.state) throw wrongState(e, lang, name, item);
  if (refusal?.field) throw fieldErrors({ [refusal.field]: [refusal.key] });
  if (refusal) throw new ApiError(refusal.status, refusal.key);
  const effect = (await hook?.run?.({ w, scope, lang, deps: e.deps }, item, { comment })) ?? {};
  const column = stateColumn(e);
  const from = a.from.map((s) => storedOf(stateDef(e.def, s)!));
  const patch = { ...(e.m.onChange?.() ?? {}), ...(effect.patch ?? {}), [column]: storedOf(stateDef(e.def, a.to)!) };
  const done = await w.updateWhere(e.m.table, id, patch as never, name, column, from, { comment });
  if (!done) {
    const now = await getItem(e, scope, id, lang, w.trx as unknown as AnyDb);
    throw now ? wrongState(e, lang, name, now) : notFound(hook?.notFoundKey);
  }
  return effect;
}

function registerOne(e: Engine, name: string, a: ActionDef) {
  const { def, deps } = e;
  const { assertPage } = makeGuards(deps);
  const guardAction = async (scope: Scope) => {
    await assertPage(scope, def.page);
    if (!actionRoles(def, name).includes(scope.roleId as RoleId)) throw forbidden();
  };
  const label = (lang: Lang) => labelIn(a.label, lang);
  const commentDoc = z.object({ comment: z.string().max(COMMENT_MAX).optional() });
  const doc = docOf(e);
  const fromTo = `${a.from.join("|")} → ${a.to}`;
  doc(
    "post",
    `${e.base}{id}/${name}/`,
    operationId(def.name, { action: name }),
    `Record action "${name}" (${fromTo}); 409 in another state`,
    { request: { params: idParamDoc, ...formDoc(commentDoc) } },
    itemReplyDoc(e),
  );
  e.app.post(
    `${e.base}:id{[0-9]+}/${name}/`,
    e.requireAuth,
    run(async (c) => {
      const scope = scopeOf(c);
      await guardAction(scope);
      const lang = langOf(c);
      const id = pathId(c);
      const comment = commentOf(a, (await c.req.parseBody()).comment);
      const effect = await write(deps.db, actorOfScope(scope), (w) => performAction(e, w, scope, lang, id, name, comment));
      const item = await getItem(e, scope, id, lang);
      return e.reply(c, item, effect.msg ?? e.m.actionHooks?.[name]?.doneKey ?? actionMessageKey(a.label, "done"), {
        action: label(lang),
        count: 1,
        ...(effect.params ?? {}),
      });
    }),
  );
  if (!a.where.includes("bulk")) return;
  doc(
    "post",
    `${e.base}bulk_${name}/`,
    operationId(def.name, { action: name, bulk: true }),
    `Record action "${name}" on several (form ids; all or nothing)`,
    { request: formDoc(commentDoc.extend({ ids: idsDoc() })) },
    bulkReplyDoc,
  );
  e.app.post(
    `${e.base}bulk_${name}/`,
    e.requireAuth,
    run(async (c) => {
      const scope = scopeOf(c);
      await guardAction(scope);
      const lang = langOf(c);
      const body = await c.req.parseBody({ all: true });
      const ids = parseIds(body.ids);
      const comment = commentOf(a, Array.isArray(body.comment) ? body.comment[0] : body.comment);
      await write(deps.db, actorOfScope(scope), async (w) => {
        for (const id of ids) await performAction(e, w, scope, lang, id, name, comment);
      });
      return e.reply(c, { ids, count: ids.length }, e.m.actionHooks?.[name]?.doneKey ?? actionMessageKey(a.label, "done"), {
        action: label(lang),
        count: ids.length,
      });
    }),
  );
}

export function registerActions(e: Engine) {
  for (const name of actionNames(e.def)) registerOne(e, name, actionOf(e.def, name)!);
}

const parse = (s: unknown): Record<string, unknown> => {
  try {
    return typeof s === "string" ? (JSON.parse(s) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The record's transitions, oldest first, from the audit log (the actions' own rows). */
export async function historyOf(e: Engine, id: number, via: AnyDb = e.adb): Promise<HistoryEntry[]> {
  const names = actionNames(e.def);
  if (!names.length || !e.def.states) return [];
  const column = stateColumn(e);
  const field = e.def.states.field;
  const rows = await via
    .selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.user_id")
    .select(["a.action", "a.before", "a.after", "a.user_id", "a.at", "u.real_name"])
    .where("a.entity", "=", e.m.table)
    .where("a.entity_id", "=", id)
    .where("a.action", "in", names)
    .orderBy("a.id")
    .limit(200)
    .execute();
  return rows.map((r: Record<string, unknown>) => {
    const before = parse(r.before);
    const after = parse(r.after);
    return {
      action: String(r.action),
      from: stateOf(e.def, { [field]: before[column] }),
      to: stateOf(e.def, { [field]: after[column] }),
      by: r.user_id == null ? null : Number(r.user_id),
      byName: (r.real_name as string | null) ?? null,
      at: String(r.at),
      comment: ((after._meta as { comment?: string | null } | undefined)?.comment ?? null) || null,
    };
  });
}
