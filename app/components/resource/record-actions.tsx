import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import * as React from "react";
import { actionMessageKey, actionNames, actionOf, labelIn, stateDef, stateOf, type ActionPlace, type Tone } from "@contract/actions";
import type { CommonView } from "@contract/resource-view";
import type { RoleId } from "@contract/roles";
import { CsrfInput } from "~/components/csrf-input";
import { buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/hydrated";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { Item } from "~/resources/types";
import { useResourceT } from "./i18n";

// The dialogs load when one is opened (a click, so with JavaScript only): the page itself does not carry them.
const ActionDialog = React.lazy(() => import("./dialogs").then((m) => ({ default: m.ActionDialog })));

/**
 * The console side of record actions (contract/actions.ts): the state badge, the buttons a row or the detail page
 * offers (only those the row's `actions` allow now), the confirmation page (no JavaScript) and the same question in
 * a Radix dialog (JavaScript), and the history of transitions.
 */
const TONE: Record<Tone, string> = {
  success: "bg-green-50 text-green-800 ring-green-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
  muted: "bg-gray-100 text-gray-700 ring-gray-200",
  info: "bg-blue-50 text-blue-800 ring-blue-200",
};

export function StateBadge({ def, item }: { def: CommonView; item: Record<string, unknown> }) {
  const { lang } = useResourceT();
  const s = stateDef(def, stateOf(def, item));
  if (!s) return null;
  return (
    <span className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-medium ring-1 ${TONE[s.tone]}`} data-testid="state-badge" data-state={s.name}>
      {labelIn(s.label, lang)}
    </span>
  );
}

const actionHref = (def: CommonView, id: number, name: string, back: string) => `${def.page}/${id}/${name}${back ? `?back=${encodeURIComponent(back)}` : ""}`;

/** The actions `item` allows now at `place`: a link to the confirmation (a dialog with JavaScript), or a one-click form. */
export function RecordActionButtons({ def, item, back, place }: { def: CommonView; item: Item; back: string; place: ActionPlace }) {
  const { lang } = useResourceT();
  const hydrated = useHydrated();
  const [open, setOpen] = React.useState<string | null>(null);
  const names = actionNames(def).filter((n) => actionOf(def, n)!.where.includes(place) && item.actions?.[n]);
  if (!names.length) return null;
  const prefix = place === "row" ? "row" : "action";
  return (
    <>
      {names.map((name) => {
        const a = actionOf(def, name)!;
        const label = labelIn(a.label, lang);
        const cls =
          place === "row"
            ? a.tone === "danger"
              ? "text-red-700 hover:underline"
              : "text-green-700 hover:underline"
            : buttonVariants({ variant: a.tone === "danger" ? "destructive" : "outline" });
        if (!a.confirm && !a.comment)
          return (
            <Form key={name} method="post" action={`${def.page}/${item.id}/${name}`} className="inline">
              <CsrfInput />
              {back ? <input type="hidden" name="back" value={back} /> : null}
              <button type="submit" className={cls} data-testid={`${prefix}-${name}`}>
                {label}
              </button>
            </Form>
          );
        return (
          <Link
            key={name}
            to={actionHref(def, item.id, name, back)}
            className={cls}
            data-testid={`${prefix}-${name}`}
            onClick={(e) => {
              if (!hydrated) return;
              e.preventDefault();
              setOpen(name);
            }}
          >
            {label}
          </Link>
        );
      })}
      {open ? (
        <React.Suspense fallback={null}>
          <ActionDialog def={def} item={item} name={open} back={back} onClose={() => setOpen(null)} />
        </React.Suspense>
      ) : null}
    </>
  );
}

export function CommentField({ required, error, label }: { required: boolean; error?: string; label?: string }) {
  const { t } = useResourceT();
  const id = React.useId();
  // Label above, textarea the full width of its box and resizable only in height: it never leaves the dialog.
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="action-comment-field">
      <label htmlFor={id} className="font-medium text-gray-700">
        {t(label ?? "crud:recordActions.comment")}
        {required ? <span className="ml-0.5 text-red-600">*</span> : null}
      </label>
      <textarea
        id={id}
        name="comment"
        maxLength={500}
        required={required}
        rows={3}
        className="box-border block w-full min-w-0 max-w-full resize-y rounded border border-gray-300 px-2 py-1"
        data-testid="action-comment"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The definition's actions offered in the list's bulk bar (`where` has "bulk") that `roleId` may take (actionRoles). */
export const bulkActionNames = (def: CommonView, roleId: number | null | undefined) =>
  actionNames(def).filter((n) => actionOf(def, n)!.where.includes("bulk") && roleId != null && (actionOf(def, n)!.roles ?? []).includes(roleId as RoleId));

/** The selection, each row with its state; a note when some are in a state the action does not start from (all or nothing). */
export function BulkSelection({
  def,
  name,
  items,
}: {
  def: CommonView;
  name: string;
  items: { id: number; label: string; allowed: boolean; row: Record<string, unknown> }[];
}) {
  const { t, lang } = useResourceT();
  const a = actionOf(def, name)!;
  const label = labelIn(a.label, lang);
  const refused = items.filter((i) => !i.allowed).length;
  return (
    <>
      <p className="text-sm text-gray-700">{t(actionMessageKey(a.label, "bulkConfirm"), { action: label, count: items.length })}</p>
      <ScrollRegion label={t(actionMessageKey(a.label, "bulk"), { action: label })} className="max-h-48">
        <ul className="space-y-1 text-sm text-gray-700" data-testid="bulk-selection">
          {items.map((i) => (
            <li key={i.id} className="flex items-center gap-2">
              <input type="hidden" name="ids" value={String(i.id)} />
              <span>{i.label}</span>
              <StateBadge def={def} item={i.row} />
            </li>
          ))}
        </ul>
      </ScrollRegion>
      {refused ? (
        <p role="alert" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="bulk-wrong-state">
          {t("crud:recordActions.bulkWrongState", { action: label, count: refused })}
        </p>
      ) : null}
    </>
  );
}
