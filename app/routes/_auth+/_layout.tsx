import { Form, Outlet, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { CsrfInput } from "~/components/csrf-input";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { cn } from "~/utils/cn";

export function LanguageSwitch({ className }: { className?: string }) {
  const root = useRouteLoaderData("root") as { locale?: string } | undefined;
  const location = useLocation();
  const { t } = useTranslation("common");
  const current = root?.locale ?? "zh";
  return (
    <Form method="post" action="/set-lang" className={cn("flex items-center gap-1 text-sm", className)}>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <span className="sr-only">{t("language.switch")}</span>
      {(["zh", "en"] as const).map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          aria-pressed={current === lng}
          data-testid={`lang-${lng}`}
          // Each language names itself in its own script (WCAG 3.1.2, language of parts).
          lang={lng}
          className={cn("rounded px-2 py-1", current === lng ? "bg-primary/10 font-semibold text-primary-dark" : "text-gray-600 hover:text-primary")}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </Form>
  );
}

/** The public screens (login, register, reset password, applicant login): a centred card. */
export default function AuthLayout() {
  const root = useRouteLoaderData("root") as { productTitle?: string } | undefined;
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-menu-bg to-[#1f2d3d]">
      <header className="flex items-center justify-between gap-3 px-4 py-3 text-white sm:px-8">
        <span className="text-base font-semibold tracking-wide">{root?.productTitle}</span>
        {/* Never squeezed by a long product title on a phone: each language stays on one line. */}
        <LanguageSwitch className="shrink-0 whitespace-nowrap rounded bg-white/90 px-1 py-0.5" />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
