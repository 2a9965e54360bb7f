import * as DialogPrimitive from "@radix-ui/react-dialog";
import * as React from "react";
import { cn } from "~/utils/cn";

/**
 * The modal dialog: Radix Dialog (focus trapped inside and given back to the opener, Escape and a click outside
 * close it, the rest of the page hidden from screen readers, the page's scroll locked), styled once here.
 * Only the dialogs' own chunk imports this file, loaded on the click that opens one (React.lazy in list.tsx and
 * record-actions.tsx), so Radix costs nothing before that click. Without JavaScript no dialog is shown at all:
 * every action has its confirmation page.
 */
export const Root = DialogPrimitive.Root;
export const Portal = DialogPrimitive.Portal;
export const Title = DialogPrimitive.Title;
export const Description = DialogPrimitive.Description;
export const Close = DialogPrimitive.Close;

export const Overlay = React.forwardRef<React.ElementRef<typeof DialogPrimitive.Overlay>, React.ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>>(
  ({ className, ...props }, ref) => <DialogPrimitive.Overlay ref={ref} className={cn("fixed inset-0 z-50 bg-black/40", className)} {...props} />,
);
Overlay.displayName = "DialogOverlay";

/** The dialog's box, centred on the screen; `className` styles its panel (as the callers' layouts expect). */
export const Content = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Content>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & { "data-testid"?: string }
>(({ className, children, onCloseAutoFocus, ...props }, ref) => {
  // The dialogs open from a row's link or the bulk bar, not from a Dialog.Trigger: focus goes back to whatever had it.
  const [opener] = React.useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  return (
    <DialogPrimitive.Content
      ref={ref}
      className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto"
      onCloseAutoFocus={(event) => {
        onCloseAutoFocus?.(event);
        if (event.defaultPrevented || !opener?.isConnected) return;
        event.preventDefault();
        opener.focus();
      }}
      {...props}
    >
      <div className={cn("rounded-md bg-white p-6 text-left shadow-xl", className)}>{children}</div>
    </DialogPrimitive.Content>
  );
});
Content.displayName = "DialogContent";
