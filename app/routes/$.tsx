import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotFound } from "~/components/layout/error-pages";
import { getT } from "~/utils/i18n.server";
import { joinTitle } from "~/utils/meta";
import { getUser, loginPath } from "~/utils/session.server";

/**
 * Unknown paths (section 2: "Unknown paths go to /404"): HTTP 404 with the not-found page.
 * A logged-out visitor is first sent to /login?redirect=<path> (section 4: logged out, every
 * non-public path goes to login); after login the same URL answers 404. Paths that look like files
 * (favicon.ico, *.map …) answer a bare 404 without a redirect.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!/\.[a-z0-9]{1,5}$/i.test(url.pathname) && !(await getUser(request))) {
    throw redirect(loginPath(url.pathname + url.search));
  }
  const t = await getT(request, "menu");
  throw json({ reason: "notFound", title: t("title.notFound"), product: t("productTitle") }, { status: 404 });
}

export const meta: MetaFunction = ({ error }) => {
  const data = (error as { data?: { title?: string; product?: string } } | undefined)?.data;
  return [{ title: joinTitle(data?.title, data?.product) }];
};

export default function UnknownPath() {
  return <NotFound standalone />;
}

export function ErrorBoundary() {
  const error = useRouteError() as { status?: number } | undefined;
  if (error?.status === 404) return <NotFound standalone />;
  return <GeneralErrorBoundary />;
}
