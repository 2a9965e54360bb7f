import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { age06Action, age06Loader } from "./__students.server";

/**
 * /student/studentAge06 (role 5, show:isShowAge06) — the link out to the city's age 0–6 platform: an external link
 * (section 5) opened in a new tab without access to this window (rel="noopener noreferrer"); the address is set per
 * kindergarten (http or https only), the default (AGE06_URL) otherwise.
 */
export const loader = age06Loader;
export const action = age06Action;
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ errors?: string[]; url?: string }>();
  const { t } = useTranslation(["students"]);
  return (
    <section className="max-w-3xl space-y-4" data-testid="age06-page">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t("age06.title")}
      </h1>
      <p className="text-sm text-gray-600">{t("age06.intro")}</p>
      <p>
        <a
          href={data.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark"
          data-testid="age06-link"
        >
          {t("age06.open")}
          <span className="sr-only">{t("age06.newTab")}</span>
          <span aria-hidden="true">↗</span>
        </a>
      </p>
      <p className="break-all text-xs text-gray-500" data-testid="age06-url">
        {data.url}
      </p>
      {!data.own ? <p className="text-sm text-amber-700">{t("age06.defaultNote")}</p> : null}
      <Form method="post" className="space-y-2 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" data-testid="age06-form">
        <CsrfInput />
        <label htmlFor="age06-url-input" className="block text-sm font-medium text-gray-700">
          {t("age06.address")}
        </label>
        <Input
          id="age06-url-input"
          name="url"
          type="text"
          inputMode="url"
          defaultValue={result?.url ?? (data.own ? data.url : "")}
          placeholder="https://"
          aria-invalid={!!result?.errors}
          aria-describedby="age06-help age06-err"
        />
        <p id="age06-help" className="text-xs text-gray-500">
          {t("age06.help")}
        </p>
        <ErrorList id="age06-err" errors={result?.errors} />
        <Button type="submit">{t("age06.save")}</Button>
      </Form>
    </section>
  );
}
