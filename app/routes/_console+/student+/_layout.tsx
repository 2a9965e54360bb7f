import { Outlet } from "@remix-run/react";
import { GuardErrorBoundary } from "~/components/lazy-error-boundaries";
import { sectionLoader } from "~/utils/page";

/** Section layout: checks the section (route tree) before any of its pages runs. */
export const loader = sectionLoader;

export default function SectionLayout() {
  return <Outlet />;
}

export { GuardErrorBoundary as ErrorBoundary };
