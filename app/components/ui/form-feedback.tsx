import { ErrorList } from "./field";

/** Below a form: the action's notice (e.g. "code sent") and the form-level errors, announced to screen readers. */
export function FormFeedback({ notice, errorId, errors }: { notice?: string; errorId: string; errors?: Array<string | null | undefined> | null }) {
  return (
    <>
      {notice ? (
        <p role="status" className="rounded bg-sky-50 px-3 py-2 text-sm text-sky-800" data-testid="notice">
          {notice}
        </p>
      ) : null}
      <div role="alert" id={errorId}>
        <ErrorList errors={errors} />
      </div>
    </>
  );
}
