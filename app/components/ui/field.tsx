import { useTranslation } from "~/utils/i18n-react";
import * as React from "react";
import { cn } from "~/utils/cn";

/** Label + control + field-level errors. `errors` are already translated texts. */
export function Field({
  label,
  htmlFor,
  errors,
  errorId,
  hint,
  className,
  children,
}: {
  label: React.ReactNode;
  htmlFor: string;
  errors?: Array<string | null | undefined> | null;
  errorId?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const list = (errors ?? []).filter((e): e is string => !!e);
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-gray-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={list} />
    </div>
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: Array<string | null | undefined> | null }) {
  const list = (errors ?? []).filter((e): e is string => !!e);
  if (!list.length) return null;
  return (
    <ul id={id} className="space-y-0.5" data-testid="field-errors">
      {list.map((e) => (
        <li key={e} className="text-xs text-red-700">
          {e}
        </li>
      ))}
    </ul>
  );
}

/**
 * Translates form errors: i18n keys (`password.tooShort`, from zod schemas) through the
 * `validation` namespace; readable sentences (the API's messages) are shown as they are.
 */
const KEY_RE = /^[A-Za-z][\w-]*(\.[\w-]+)+$|^[a-z][A-Za-z]*$/;
export function useErrorText() {
  const { t } = useTranslation("validation");
  return (errors?: Array<string | null | undefined> | null) =>
    errors?.filter((e): e is string => !!e).map((e) => (KEY_RE.test(e) ? t(e, { ns: "validation", defaultValue: e }) : e));
}

// Its own module (a list needs it without the form's fields); re-exported for the forms.
export { useHydrated } from "./hydrated";
