import * as React from "react";
import { cn } from "~/utils/cn";

/**
 * A modal dialog on the browser's own `<dialog>` (showModal: focus kept inside, Escape closes, the rest of the page
 * inert), with the part of Radix Dialog's API the console used — Root, Portal, Overlay, Content, Title, Description,
 * Close — in a fraction of its ~17 KB gzipped. Focus goes back to the element that opened it.
 * Without JavaScript no dialog is shown at all: every action has its confirmation page.
 */
interface DialogState {
  onOpenChange: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
}

const DialogContext = React.createContext<DialogState | null>(null);
const useDialog = () => {
  const state = React.useContext(DialogContext);
  if (!state) throw new Error("Dialog parts belong inside Dialog.Root");
  return state;
};

export function Root({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: React.ReactNode }) {
  const id = React.useId();
  const state = React.useMemo(() => ({ onOpenChange, titleId: `${id}-title`, descriptionId: `${id}-description` }), [id, onOpenChange]);
  return open ? <DialogContext.Provider value={state}>{children}</DialogContext.Provider> : null;
}

/** The top layer of `<dialog>` already sits above the page: nothing to move. */
export function Portal({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}

/** The backdrop is the dialog's own `::backdrop` (styled in Content). */
export function Overlay(_props: { className?: string }) {
  return null;
}

export function Content({
  className,
  children,
  onCloseAutoFocus,
  ...rest
}: React.HTMLAttributes<HTMLDialogElement> & { onCloseAutoFocus?: (event: { preventDefault(): void }) => void; "data-testid"?: string }) {
  const { onOpenChange, titleId, descriptionId } = useDialog();
  const ref = React.useRef<HTMLDialogElement>(null);
  // Where the press began: a drag that starts inside (selecting or resizing the comment) and ends on the backdrop
  // clicks the dialog element too, and must not close it with the typed text.
  const pressedBackdrop = React.useRef(false);
  const returnFocus = React.useRef(onCloseAutoFocus);
  React.useEffect(() => {
    returnFocus.current = onCloseAutoFocus;
  });

  React.useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    return () => {
      let prevented = false;
      returnFocus.current?.({ preventDefault: () => (prevented = true) });
      if (!prevented && opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // The backdrop click is a mouse convenience; the keyboard closes it with Escape (the cancel event) or Cancel.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[92vw] max-w-md bg-transparent p-0 backdrop:bg-black/40"
      // Escape: let React close it (the element stays until Root unmounts it).
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      // Tab wraps around inside (the browser would let it leave for its own toolbar after the last control).
      onKeyDown={(event) => {
        if (event.key !== "Tab" || !ref.current) return;
        const focusable = [
          ...ref.current.querySelectorAll<HTMLElement>(
            "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])",
          ),
        ];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
      // A click on the backdrop lands on the dialog element itself (pressed and released there).
      onMouseDown={(event) => {
        pressedBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        if (event.target === ref.current && pressedBackdrop.current) onOpenChange(false);
        pressedBackdrop.current = false;
      }}
      {...rest}
    >
      {/* The panel fills the dialog, so a click that reaches the dialog element itself was on the backdrop. */}
      <div className={cn("rounded-md bg-white p-6 text-left shadow-xl", className)}>{children}</div>
    </dialog>
  );
}

export function Title({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <h2 id={useDialog().titleId} className={className}>
      {children}
    </h2>
  );
}

export function Description({ className, children, asChild }: { className?: string; children: React.ReactNode; asChild?: boolean }) {
  const { descriptionId } = useDialog();
  if (asChild && React.isValidElement<{ id?: string }>(children)) return React.cloneElement(children, { id: descriptionId });
  return (
    <p id={descriptionId} className={className}>
      {children}
    </p>
  );
}

/** Closes the dialog; `asChild`: on the one child (a button) instead of a button of its own. */
export function Close({ children, asChild }: { children: React.ReactNode; asChild?: boolean }) {
  const { onOpenChange } = useDialog();
  const close = () => onOpenChange(false);
  if (asChild && React.isValidElement<{ onClick?: (e: React.MouseEvent) => void }>(children))
    return React.cloneElement(children, {
      onClick: (e: React.MouseEvent) => {
        children.props.onClick?.(e);
        close();
      },
    });
  return (
    <button type="button" onClick={close}>
      {children}
    </button>
  );
}
