import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { manualAction, manualLoader } from "./__students.server";

/**
 * /student/studentManual — the kindergarten's handbook for parents: everybody on the page (principal, teachers,
 * parents) reads the latest version or an older one; the kindergarten admin edits, and each save is a new version.
 */
export const loader = manualLoader;
export const action = manualAction;
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ errors?: Record<string, string[]>; formError?: string | null; values?: Record<string, string> }>();
  const { t } = useTranslation(["students"]);
  const m = data.manual;
  const cur = m?.current ?? null;
  const editing = data.editing || !!result?.errors;
  const values = result?.values ?? { title: cur?.title ?? "", content: cur?.content ?? "", note: "" };
  return (
    <section className="space-y-4" data-testid="manual-page">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("manual.title")}
        </h1>
        {m?.canEdit && !editing ? (
          <Link to="?edit=1" className={buttonVariants({ variant: "default", size: "sm" })} data-testid="manual-edit">
            {t("manual.edit")}
          </Link>
        ) : null}
      </div>
      {data.error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          {data.error}
        </p>
      ) : null}
      {editing ? (
        <Form method="post" className="space-y-3 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" data-testid="manual-form">
          <CsrfInput />
          {result?.formError ? (
            <p role="alert" className="text-sm text-red-700">
              {result.formError}
            </p>
          ) : null}
          <div className="space-y-1">
            <label htmlFor="manual-title" className="block text-sm font-medium text-gray-700">
              {t("manual.fields.title")}
            </label>
            <Input
              id="manual-title"
              name="title"
              defaultValue={values.title}
              maxLength={60}
              aria-invalid={!!result?.errors?.title}
              aria-describedby="manual-title-err"
            />
            <ErrorList id="manual-title-err" errors={result?.errors?.title} />
          </div>
          <div className="space-y-1">
            <label htmlFor="manual-content" className="block text-sm font-medium text-gray-700">
              {t("manual.fields.content")}
            </label>
            <textarea
              id="manual-content"
              name="content"
              defaultValue={values.content}
              rows={16}
              maxLength={20000}
              className="w-full rounded border border-gray-300 px-3 py-2 font-mono text-sm"
              aria-invalid={!!result?.errors?.content}
              aria-describedby="manual-content-err"
            />
            <ErrorList id="manual-content-err" errors={result?.errors?.content} />
          </div>
          <div className="space-y-1">
            <label htmlFor="manual-note" className="block text-sm font-medium text-gray-700">
              {t("manual.fields.note")}
            </label>
            <Input id="manual-note" name="note" defaultValue={values.note} maxLength={200} />
            <ErrorList errors={result?.errors?.note} />
          </div>
          <div className="flex gap-2">
            <Button type="submit">{t("manual.save")}</Button>
            <Link to="." className={buttonVariants({ variant: "outline" })}>
              {t("manual.cancel")}
            </Link>
          </div>
        </Form>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <article className="rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" data-testid="manual-current">
          {cur ? (
            <>
              {data.latest != null && cur.version !== data.latest ? (
                <p className="mb-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">
                  {t("manual.viewing", { n: cur.version })}{" "}
                  <Link to="." className="text-primary underline">
                    {t("manual.latest")}
                  </Link>
                </p>
              ) : null}
              <h2 className="text-lg font-semibold text-gray-800" data-value>
                {cur.title}
              </h2>
              <p className="mb-3 text-xs text-gray-500">
                {t("manual.version", { n: cur.version })} · <span data-value>{cur.createdByName ?? ""}</span> {cur.createdAt.slice(0, 10)}
              </p>
              <div className="whitespace-pre-wrap text-sm leading-6 text-gray-800" data-testid="manual-content" data-value>
                {cur.content}
              </div>
            </>
          ) : (
            <p className="text-sm text-gray-500" data-testid="manual-empty">
              {t("manual.empty")}
            </p>
          )}
        </article>
        <aside className="rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100">
          <h2 className="mb-2 text-base font-semibold text-gray-800">{t("manual.versions")}</h2>
          <ol className="space-y-2 text-sm" data-testid="manual-versions">
            {(m?.versions ?? []).map((v) => (
              <li key={v.version}>
                <Link to={`?version=${v.version}`} className="text-primary hover:underline" aria-current={cur?.version === v.version ? "page" : undefined}>
                  {t("manual.version", { n: v.version })}: <span data-value>{v.title}</span>
                </Link>
                <div className="text-xs text-gray-500">
                  {v.createdAt.slice(0, 10)} <span data-value>{v.createdByName ?? ""}</span> {v.note ? <span data-value>· {v.note}</span> : null}
                </div>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}
