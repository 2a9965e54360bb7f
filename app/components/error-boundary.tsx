import { isRouteErrorResponse, Link, useParams, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n-react";

type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode;

/**
 * Error display for route ErrorBoundaries. Never shows a stack trace: a translated message per
 * status (400, 401, 403, 404, 405, 500) or the general message. Pages may pass their own handlers.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler,
  unexpectedErrorHandler,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  const params = useParams();
  const { t } = useTranslation("common");

  if (typeof document !== "undefined") console.error(error);

  const standard = (status: number) => <ErrorCard status={status} message={t(`errors.${status}`, { defaultValue: t("errors.general") })} />;

  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandler;
    return <>{handler ? handler({ error, params }) : standard(error.status)}</>;
  }
  return <>{unexpectedErrorHandler ? unexpectedErrorHandler(error) : <ErrorCard message={t("errors.general")} />}</>;
}

export function ErrorCard({ status, message }: { status?: number; message: string }) {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-6" data-testid="error-card">
      <div className="max-w-md rounded-lg border border-gray-200 bg-white p-8 text-center shadow-sm">
        {status ? <p className="text-5xl font-bold text-primary">{status}</p> : null}
        <h1 className="mt-2 text-lg font-semibold text-gray-800">{t("errors.title")}</h1>
        <p className="mt-2 text-sm text-gray-600">{message}</p>
        <Link to="/" className="mt-6 inline-block text-sm text-primary hover:underline">
          {t("backHome")}
        </Link>
      </div>
    </div>
  );
}

/** The root's error view: the status's message, or the general one. */
export function RootErrorView() {
  const error = useRouteError();
  const { t } = useTranslation("common");
  if (typeof document !== "undefined") console.error(error);
  if (isRouteErrorResponse(error)) {
    return <ErrorCard status={error.status} message={t(`errors.${error.status}`, { defaultValue: t("errors.general") })} />;
  }
  return <ErrorCard message={t("errors.general")} />;
}
