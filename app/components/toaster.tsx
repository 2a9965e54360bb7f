import { useMatches } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/i18n-react";
import { cn } from "~/utils/cn";

export interface ToastView {
  id: string;
  type: "success" | "error" | "info";
  message: string;
}

/** Section 9: toasts show for 2000 ms. */
export const TOAST_MS = 2000;

const tone = {
  success: "border-green-300 bg-green-50 text-green-800",
  error: "border-red-300 bg-red-50 text-red-800",
  info: "border-sky-300 bg-sky-50 text-sky-800",
} as const;

const isToast = (x: unknown): x is ToastView =>
  !!x && typeof x === "object" && typeof (x as ToastView).message === "string" && typeof (x as ToastView).id === "string";

/**
 * The one toast area of the app (in root). Works without JavaScript: the toast is in the HTML and
 * a CSS animation hides it after 2 s; with JavaScript it is also removed from the DOM.
 * It shows the flash toast (cookie, after a redirect) or, when a page's loader failed upstream
 * (section 8), the `toast` that loader answered in its data (the deepest route wins).
 */
export function Toaster({ toast: flash }: { toast: ToastView | null | undefined }) {
  const matches = useMatches();
  const fromLoader = [...matches]
    .reverse()
    .map((m) => (m.data as { toast?: unknown } | undefined)?.toast)
    .find(isToast);
  return <ToastArea toast={fromLoader ?? flash} />;
}

/**
 * A form's own toast: an action that keeps the page (so the typed values stay, also without JavaScript) answers
 * section 8's failure text as `toast` in its data, and the page renders `<ActionToast toast={actionData?.toast} />`.
 */
export function ActionToast({ toast }: { toast: ToastView | null | undefined }) {
  return <ToastArea toast={toast} />;
}

function ToastArea({ toast }: { toast: ToastView | null | undefined }) {
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState<ToastView | null>(toast ?? null);

  useEffect(() => setVisible(toast ?? null), [toast]);
  // The 2 s count from when the toast is drawn, not from when it arrived (a busy page draws it a moment later).
  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => setVisible(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex justify-center px-4">
      {visible ? (
        <div
          key={visible.id}
          role={visible.type === "error" ? "alert" : "status"}
          data-testid="toast"
          data-type={visible.type}
          className={cn("toast-auto-hide pointer-events-auto flex max-w-lg items-start gap-3 rounded border px-4 py-2 text-sm shadow-md", tone[visible.type])}
        >
          <span className="flex-1 break-words">{visible.message}</span>
          <button type="button" aria-label={t("close")} className="opacity-60 hover:opacity-100" onClick={() => setVisible(null)}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
