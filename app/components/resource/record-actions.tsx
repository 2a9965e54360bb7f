import * as Dialog from "~/components/ui/dialog";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import * as React from "react";
import { actionNames, actionOf, labelIn, stateDef, stateOf, type ActionPlace, type HistoryEntry, type Tone } from "@contract/actions";
import { actionRoles, type ResourceDefinition } from "@contract/resource";
import type { RoleId } from "@contract/roles";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/field";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { BulkActionData, Item, RecordActionData, RecordActionResult } from "~/resources/types";
import { useResourceT } from "./i18n";
import { formatDateTime } from "@contract/resource-format";

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

export function StateBadge({ def, item }: { def: ResourceDefinition; item: Record<string, unknown> }) {
  const { lang } = useResourceT();
  const s = stateDef(def, stateOf(def, item));
  if (!s) return null;
  return (
    <span className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-medium ring-1 ${TONE[s.tone]}`} data-testid="state-badge" data-state={s.name}>
      {labelIn(s.label, lang)}
    </span>
  );
}

const actionHref = (def: ResourceDefinition, id: number, name: string, back: string) =>
  `${def.page}/${id}/${name}${back ? `?back=${encodeURIComponent(back)}` : ""}`;

/** The actions `item` allows now at `place`: a link to the confirmation (a dialog with JavaScript), or a one-click form. */
export function RecordActionButtons({ def, item, back, place }: { def: ResourceDefinition; item: Item; back: string; place: ActionPlace }) {
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
      {open ? <ActionDialog def={def} item={item} name={open} back={back} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function ActionDialog({ def, item, name, back, onClose }: { def: ResourceDefinition; item: Item; name: string; back: string; onClose: () => void }) {
  const { t, lang } = useResourceT();
  const a = actionOf(def, name)!;
  const label = labelIn(a.label, lang);
  return (
    <Dialog.Root open onOpenChange={(o) => (o ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="w-full" data-testid="confirm-dialog">
          <Dialog.Title className="text-base font-semibold text-gray-800">{label}</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm text-gray-600">
            {t("crud:recordActions.confirm", { action: label, record: String(item[def.labelField] ?? item.id) })}
          </Dialog.Description>
          <Form method="post" action={`${def.page}/${item.id}/${name}`} className="mt-4 space-y-4" onSubmit={onClose}>
            <CsrfInput />
            {back ? <input type="hidden" name="back" value={back} /> : null}
            {a.comment ? <CommentField required={a.comment === "required"} /> : null}
            <DialogButtons label={label} danger={a.tone === "danger"} testId={`confirm-${name}`} />
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CommentField({ required, error }: { required: boolean; error?: string }) {
  const { t } = useResourceT();
  return (
    <label className="block space-y-1 text-sm">
      <span className="text-gray-700">
        {t("crud:recordActions.comment")}
        {required ? " *" : ""}
      </span>
      <textarea
        name="comment"
        maxLength={500}
        required={required}
        rows={3}
        className="w-full rounded border border-gray-300 px-2 py-1"
        data-testid="action-comment"
        aria-invalid={error ? true : undefined}
      />
      {error ? <span className="text-xs text-red-700">{error}</span> : null}
    </label>
  );
}

/** `<page>/<id>/<action>`: the question, the comment field when declared, CSRF and the submit (no JavaScript needed). */
export function RecordActionPage({ def }: { def: ResourceDefinition }) {
  const data = useLoaderData<RecordActionData>();
  const result = useActionData<RecordActionResult>();
  const { t, lang } = useResourceT();
  const label = labelIn(data.actionLabel, lang);
  const state = stateDef(def, data.state);
  return (
    <section className="max-w-xl space-y-4" data-testid={`${data.action}-page`}>
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {label}: {data.item.label}
      </h1>
      <Form method="post" className="space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100">
        <CsrfInput />
        {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
        <p className="text-sm text-gray-700">
          {data.allowed
            ? t("crud:recordActions.confirm", { action: label, record: data.item.label })
            : t("crud:recordActions.wrongState", {
                record: data.item.label,
                state: state ? labelIn(state.label, lang) : "?",
                action: label,
                states: actionOf(def, data.action)!
                  .from.map((s) => labelIn(stateDef(def, s)!.label, lang))
                  .join(" / "),
              })}
        </p>
        {result?.actionError ? (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid={`${data.action}-error`}>
            {result.actionError}
          </p>
        ) : null}
        {data.allowed && data.comment ? <CommentField required={data.comment === "required"} error={result?.fieldErrors?.comment?.[0]} /> : null}
        <div className="flex gap-2">
          {data.allowed ? (
            <Button type="submit" data-testid={`confirm-${data.action}`}>
              {label}
            </Button>
          ) : null}
          <Link to={`${def.page}${data.back}`} className={buttonVariants({ variant: "outline" })}>
            {t("crud:actions.back")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** The detail page's state, actions and history. */
export function RecordStatePanel({ def, item, back }: { def: ResourceDefinition; item: Item; back: string }) {
  const { t, lang } = useResourceT();
  if (!def.actions) return null;
  const history = (item.history as HistoryEntry[] | undefined) ?? [];
  const stateLabel = (s: string | null) => {
    const d = stateDef(def, s);
    return d ? labelIn(d.label, lang) : "—";
  };
  return (
    <div className="space-y-3 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100" data-testid="record-state">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-xs text-gray-500">{t("crud:recordActions.state")}</span>
        <StateBadge def={def} item={item} />
        {/* An action taken here comes back here (app/resources/actions.server.ts backOf), the list one "back" away. */}
        <RecordActionButtons def={def} item={item} back={`/${String(item.id)}${back ? `?back=${encodeURIComponent(back)}` : ""}`} place="detail" />
      </div>
      <h2 className="text-sm font-semibold text-gray-700">{t("crud:recordActions.history")}</h2>
      {history.length ? (
        <table className="w-full text-left text-sm" data-testid="record-history">
          <thead className="text-xs text-gray-500">
            <tr>
              <th className="py-1 pr-3 font-normal">{t("crud:recordActions.at")}</th>
              <th className="py-1 pr-3 font-normal">{t("crud:recordActions.by")}</th>
              <th className="py-1 pr-3 font-normal">{t("crud:recordActions.from")}</th>
              <th className="py-1 pr-3 font-normal">{t("crud:recordActions.to")}</th>
              <th className="py-1 font-normal">{t("crud:recordActions.comment")}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={i} className="border-t border-gray-100">
                <td className="py-1 pr-3 text-gray-600">{formatDateTime(h.at)}</td>
                <td className="py-1 pr-3">{h.byName ?? t("crud:recordActions.system")}</td>
                <td className="py-1 pr-3">{stateLabel(h.from)}</td>
                <td className="py-1 pr-3">{stateLabel(h.to)}</td>
                <td className="py-1 text-gray-600">{h.comment ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-gray-500">{t("crud:recordActions.noHistory")}</p>
      )}
    </div>
  );
}

/** The definition's actions offered in the list's bulk bar (`where` has "bulk") that `roleId` may take (actionRoles). */
export const bulkActionNames = (def: ResourceDefinition, roleId: number | null | undefined) =>
  actionNames(def).filter((n) => actionOf(def, n)!.where.includes("bulk") && roleId != null && actionRoles(def, n).includes(roleId as RoleId));

/** The selection, each row with its state; a note when some are in a state the action does not start from (all or nothing). */
function BulkSelection({
  def,
  name,
  items,
}: {
  def: ResourceDefinition;
  name: string;
  items: { id: number; label: string; allowed: boolean; row: Record<string, unknown> }[];
}) {
  const { t, lang } = useResourceT();
  const label = labelIn(actionOf(def, name)!.label, lang);
  const refused = items.filter((i) => !i.allowed).length;
  return (
    <>
      <p className="text-sm text-gray-700">{t("crud:recordActions.bulkConfirm", { action: label, count: items.length })}</p>
      <ScrollRegion label={t("crud:recordActions.bulk", { action: label })} className="max-h-48">
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

/** The bulk action's question in a Radix dialog (JavaScript); it posts the selection to `<page>/<action>`. */
export function BulkActionDialog({
  def,
  name,
  items,
  back,
  onClose,
}: {
  def: ResourceDefinition;
  name: string;
  items: Item[];
  back: string;
  onClose: () => void;
}) {
  const { t, lang } = useResourceT();
  const a = actionOf(def, name)!;
  const label = labelIn(a.label, lang);
  const rows = items.map((i) => ({ id: i.id, label: String(i[def.labelField] ?? i.id), allowed: Boolean(i.actions?.[name]), row: i }));
  return (
    <Dialog.Root open onOpenChange={(o) => (o ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="w-full" data-testid="confirm-dialog">
          <Dialog.Title className="text-base font-semibold text-gray-800">{t("crud:recordActions.bulk", { action: label })}</Dialog.Title>
          <Dialog.Description className="sr-only">{t("crud:recordActions.bulkConfirm", { action: label, count: rows.length })}</Dialog.Description>
          <Form method="post" action={`${def.page}/${name}`} className="mt-3 space-y-4" onSubmit={onClose}>
            <CsrfInput />
            {back ? <input type="hidden" name="back" value={back} /> : null}
            <BulkSelection def={def} name={name} items={rows} />
            {a.comment ? <CommentField required={a.comment === "required"} /> : null}
            <DialogButtons label={label} danger={a.tone === "danger"} testId={`confirm-bulk-${name}`} />
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** `<page>/<action>?ids=…`: the bulk question without JavaScript (the selection, comment when declared, CSRF, submit). */
export function BulkActionPage({ def }: { def: ResourceDefinition }) {
  const data = useLoaderData<BulkActionData>();
  const { t, lang } = useResourceT();
  const label = labelIn(data.actionLabel, lang);
  const field = def.states?.field ?? "state";
  const rows = data.items.map((i) => {
    const s = stateDef(def, i.state);
    return { ...i, row: { [field]: s ? (s.item ?? s.name) : null } };
  });
  return (
    <section className="max-w-xl space-y-4" data-testid={`bulk-${data.action}-page`}>
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("crud:recordActions.bulk", { action: label })}
        </h1>
        <Link to={`${def.page}${data.back}`} className="text-sm text-primary hover:underline">
          {t("crud:actions.back")}
        </Link>
      </div>
      <Form method="post" className="space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100">
        <CsrfInput />
        {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
        {rows.length ? (
          <>
            <BulkSelection def={def} name={data.action} items={rows} />
            {data.comment ? <CommentField required={data.comment === "required"} /> : null}
            <div className="flex gap-2">
              <Button type="submit" data-testid={`confirm-bulk-${data.action}`}>
                {label}
              </Button>
              <Link to={`${def.page}${data.back}`} className={buttonVariants({ variant: "outline" })}>
                {t("crud:actions.cancel")}
              </Link>
            </div>
          </>
        ) : (
          <p className="text-sm text-gray-500" data-testid="none-selected">
            {t("crud:recordActions.noneSelected")}
          </p>
        )}
      </Form>
    </section>
  );
}

/** Cancel and the action's own button, at the foot of a record action's dialog (one record or several). */
function DialogButtons({ label, danger, testId }: { label: string; danger: boolean; testId: string }) {
  const { t } = useResourceT();
  return (
    <div className="flex justify-end gap-2">
      <Dialog.Close asChild>
        <Button type="button" variant="outline">
          {t("crud:actions.cancel")}
        </Button>
      </Dialog.Close>
      <Button type="submit" variant={danger ? "destructive" : "default"} data-testid={testId}>
        {label}
      </Button>
    </div>
  );
}
