import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/utils/i18n-react";
import { LanguageSwitch } from "~/routes/_auth+/_layout";

/** The kindergarten's mark: its name's first character on a round badge (kindergartens have no uploaded logo). */
export function KindergartenMark({ name }: { name: string }) {
  return (
    <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-[#07C160] text-lg font-semibold text-white">
      {Array.from(name)[0] ?? ""}
    </span>
  );
}

/** The applicant's three steps, the current one marked (a list, readable without styles). */
export function ApplicantSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation("common");
  const steps = ["signIn", "details", "done"] as const;
  return (
    <ol aria-label={t("auth.wx.stepsLabel")} className="flex gap-2 text-sm" data-testid="applicant-steps">
      {steps.map((s, i) => {
        const n = i + 1;
        return (
          <li
            key={s}
            aria-current={n === current ? "step" : undefined}
            className={`flex flex-1 items-center gap-1 border-b-2 pb-1 ${n === current ? "border-[#07C160] font-semibold text-gray-900" : n < current ? "border-[#07C160]/40 text-gray-600" : "border-gray-200 text-gray-500"}`}
          >
            <span>{n}.</span>
            <span>{t(`auth.wx.steps.${s}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The applicant's own light frame (issue 26, item 10): the kindergarten's name and mark, the language choice and
 * sign-out; no staff menu, breadcrumb or tabs. One column at phone width.
 */
export function ApplicantFrame({ kindergartenName, children }: { kindergartenName: string; children: ReactNode }) {
  const { t } = useTranslation("layout");
  return (
    <div className="min-h-screen bg-gray-50" data-testid="applicant-frame">
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-3">
          <KindergartenMark name={kindergartenName} />
          <span className="min-w-0 flex-1 truncate text-base font-semibold text-gray-900" data-testid="applicant-kindergarten-name">
            {kindergartenName}
          </span>
          <LanguageSwitch className="shrink-0 whitespace-nowrap" />
          <Form method="post" action="/logout">
            <CsrfInput />
            <button
              type="submit"
              className="min-h-6 shrink-0 whitespace-nowrap rounded px-2 py-1 text-sm text-gray-600 hover:text-primary"
              data-testid="logout"
            >
              {t("navbar.logout")}
            </button>
          </Form>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-5" data-testid="app-main">
        {children}
      </main>
    </div>
  );
}
