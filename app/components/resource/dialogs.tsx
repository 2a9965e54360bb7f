import { Form } from "@remix-run/react";
import { actionMessageKey, commentLabelOf, labelIn, actionOf } from "@contract/actions";
import type { CommonView } from "@contract/resource-view";
import * as Dialog from "~/components/ui/dialog";
import { CsrfInput } from "~/components/csrf-input";
import type { Item } from "~/resources/types";
import { useResourceT } from "./i18n";
import { Button } from "~/components/ui/button";
import { BulkSelection, CommentField } from "./record-actions";

export { ConfirmDeleteDialog } from "./confirm-dialog";

/**
 * The confirmation dialogs of the list and the detail page, loaded on the click that opens one (React.lazy in
 * record-actions.tsx and list.tsx). Without JavaScript the same questions are pages (record-actions.tsx, pages.tsx).
 */
export function ActionDialog({ def, item, name, back, onClose }: { def: CommonView; item: Item; name: string; back: string; onClose: () => void }) {
  const { t, lang } = useResourceT();
  const a = actionOf(def, name)!;
  const label = labelIn(a.label, lang);
  return (
    <Dialog.Root open onOpenChange={(o) => (o ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay />
        <Dialog.Content className="w-full" data-testid="confirm-dialog">
          <Dialog.Title className="text-base font-semibold text-gray-800">{label}</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm text-gray-600">
            {t(actionMessageKey(a.label, "confirm"), { action: label, record: String(item[def.labelField] ?? item.id) })}
          </Dialog.Description>
          <Form method="post" action={`${def.page}/${item.id}/${name}`} className="mt-4 space-y-4" onSubmit={onClose}>
            <CsrfInput />
            {back ? <input type="hidden" name="back" value={back} /> : null}
            {a.comment ? <CommentField required={a.comment === "required"} label={commentLabelOf(a)} /> : null}
            <DialogButtons label={label} danger={a.tone === "danger"} testId={`confirm-${name}`} />
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The bulk action's question in a Radix dialog (JavaScript); it posts the selection to `<page>/<action>`. */
export function BulkActionDialog({ def, name, items, back, onClose }: { def: CommonView; name: string; items: Item[]; back: string; onClose: () => void }) {
  const { t, lang } = useResourceT();
  const a = actionOf(def, name)!;
  const label = labelIn(a.label, lang);
  const rows = items.map((i) => ({ id: i.id, label: String(i[def.labelField] ?? i.id), allowed: Boolean(i.actions?.[name]), row: i }));
  return (
    <Dialog.Root open onOpenChange={(o) => (o ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay />
        <Dialog.Content className="w-full" data-testid="confirm-dialog">
          <Dialog.Title className="text-base font-semibold text-gray-800">{t(actionMessageKey(a.label, "bulk"), { action: label })}</Dialog.Title>
          <Dialog.Description className="sr-only">{t(actionMessageKey(a.label, "bulkConfirm"), { action: label, count: rows.length })}</Dialog.Description>
          <Form method="post" action={`${def.page}/${name}`} className="mt-3 space-y-4" onSubmit={onClose}>
            <CsrfInput />
            {back ? <input type="hidden" name="back" value={back} /> : null}
            <BulkSelection def={def} name={name} items={rows} />
            {a.comment ? <CommentField required={a.comment === "required"} label={commentLabelOf(a)} /> : null}
            <DialogButtons label={label} danger={a.tone === "danger"} testId={`confirm-bulk-${name}`} />
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
