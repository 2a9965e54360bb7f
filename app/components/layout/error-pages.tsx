import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { Role } from "@contract/roles";
import { ApplicantFrame } from "~/components/applicant/applicant-frame";
import { HydrationMark } from "~/components/hydration-mark";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Icon } from "~/components/icons";
import { useLayoutT } from "./i18n";
import type { ConsoleLoaderData } from "~/routes/_console+/_layout";

/** The no-permission page (/401), also shown with HTTP 403 wherever the route guard refuses. */
export function NoPermission({ standalone = false }: { standalone?: boolean }) {
  const { t } = useLayoutT();
  return (
    <ErrorPanel
      testId="no-permission"
      code="403"
      icon="lock"
      title={t("errors.noPermissionTitle")}
      text={t("errors.noPermissionText")}
      standalone={standalone}
      action={
        <Link to="/Home" className="text-sm text-primary hover:underline">
          {t("errors.backHome")}
        </Link>
      }
    />
  );
}

/** The not-found page (/404 and every unknown path, HTTP 404). */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const { t } = useLayoutT();
  return (
    <ErrorPanel
      testId="not-found"
      code="404"
      icon="search"
      title={t("errors.notFoundTitle")}
      text={t("errors.notFoundText")}
      standalone={standalone}
      action={
        <Link to="/Home" className="text-sm text-primary hover:underline">
          {t("errors.backHome")}
        </Link>
      }
    />
  );
}

function ErrorPanel(props: { testId: string; code: string; icon: string; title: string; text: string; action: React.ReactNode; standalone: boolean }) {
  return (
    <div
      data-testid={props.testId}
      className={props.standalone ? "flex min-h-screen items-center justify-center bg-gray-50 p-6" : "flex min-h-[60vh] items-center justify-center p-6"}
    >
      <div className="flex max-w-xl items-center gap-8 rounded-lg bg-white p-10 shadow-sm ring-1 ring-gray-100">
        <div className="flex flex-col items-center text-primary">
          <Icon name={props.icon} className="h-16 w-16" />
          <span className="mt-2 text-4xl font-bold tracking-wider">{props.code}</span>
        </div>
        <div>
          <h1 className="text-2xl font-semibold text-gray-800">{props.title}</h1>
          <p className="mt-3 text-sm leading-6 text-gray-600">{props.text}</p>
          <div className="mt-6">{props.action}</div>
        </div>
      </div>
    </div>
  );
}

/** True for the route guard's refusal (not for other 403s such as an expired CSRF token). */
export function isGuardRefusal(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 403 && (error.data as { reason?: string } | null)?.reason === "forbidden";
}

/**
 * Error boundary of the console's section layouts and pages: the guard's 403 shows the
 * no-permission page and 404 the not-found page, inside the frame; anything else the general one.
 */
export function GuardErrorBoundary() {
  const frame = useRouteLoaderData("routes/_console+/_layout") as ConsoleLoaderData | undefined;
  const page = (
    <>
      <GuardErrorPage />
      {/* In place of the console's layout, whose main area would mark it. */}
      <HydrationMark />
    </>
  );
  // The applicant's pages draw her light frame themselves (the console's layout does not, so staff pages never load
  // it): her page, and here the refusals she meets.
  if (frame?.user.roleId !== Role.applicant) return page;
  return <ApplicantFrame kindergartenName={frame.user.kindergartenName ?? ""}>{page}</ApplicantFrame>;
}

function GuardErrorPage() {
  const error = useRouteError();
  if (isGuardRefusal(error)) return <NoPermission />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <GeneralErrorBoundary />;
}
