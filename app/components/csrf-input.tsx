import { useRouteLoaderData } from "@remix-run/react";

/** Name of the hidden field checked by requireCsrf (mirrors CSRF_FIELD in csrf.server.ts). */
export const CSRF_FIELD = "csrf";

/** The CSRF token of this page (from the root loader). */
export function useCsrfToken(): string {
  const data = useRouteLoaderData("root") as { csrf?: string } | undefined;
  return data?.csrf ?? "";
}

/** Put inside every <form method="post">: the double-submit token checked by requireCsrf(). */
export function CsrfInput() {
  return <input type="hidden" name={CSRF_FIELD} value={useCsrfToken()} />;
}
