import * as Dialog from "~/components/ui/dialog";
import { Form } from "@remix-run/react";
import * as React from "react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { useResourceT } from "./i18n";

/**
 * The JavaScript enhancement of a delete confirmation: a modal dialog whose button posts the same
 * form the confirmation page posts. Without JavaScript the trigger is a link to that page.
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  message,
  action,
  fields,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: React.ReactNode;
  action: string;
  fields: Record<string, string | string[]>;
}) {
  const { t } = useResourceT();
  // The dialog is opened from a link, not a Dialog.Trigger: give focus back to whatever opened it.
  const opener = React.useRef(typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay />
        <Dialog.Content
          className="w-full"
          data-testid="confirm-dialog"
          onCloseAutoFocus={(e) => {
            if (!opener.current?.isConnected) return;
            e.preventDefault();
            opener.current.focus();
          }}
        >
          <Dialog.Title className="text-base font-semibold text-gray-800">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 text-sm text-gray-600">{message}</div>
          </Dialog.Description>
          <Form method="post" action={action} className="mt-6 flex justify-end gap-2" onSubmit={() => onOpenChange(false)}>
            <CsrfInput />
            {Object.entries(fields).flatMap(([name, v]) =>
              (Array.isArray(v) ? v : [v]).map((value) => <input key={`${name}-${value}`} type="hidden" name={name} value={value} />),
            )}
            <Dialog.Close asChild>
              <Button type="button" variant="outline">
                {t("crud:actions.cancel")}
              </Button>
            </Dialog.Close>
            <Button type="submit" variant="destructive" data-testid="confirm-delete">
              {t("crud:actions.confirmDelete")}
            </Button>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
