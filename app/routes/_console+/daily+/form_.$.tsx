import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DynamicForm } from "~/components/dynamic-form";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { fillFormAction, fillFormLoader } from "./__forms.server";

/**
 * /daily/form/<id> — a recipient fills a form template: the form is derived from the template's description
 * (contract/dynamic-form.ts) and rendered by one component with the constraints the loader reads off the derived
 * schema; the action (./__forms.server.ts) validates with the same schema (field messages, nothing saved on error —
 * without JavaScript too), then the API validates again and stores. A form with image fields posts
 * multipart/form-data.
 */
export const loader = (args: LoaderFunctionArgs) => fillFormLoader(args);
export const action = (args: ActionFunctionArgs) => fillFormAction(args);
export const meta = pageMeta;

export default function Page() {
  const { form, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  const { t } = useTranslation(["forms"]);
  return (
    <section className="max-w-3xl space-y-4" data-testid="fill-form">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {form.title}
        </h1>
        <Link to="/daily/form" className="text-sm text-primary hover:underline">
          {t("forms:fill.back")}
        </Link>
      </div>
      {form.description ? <p className="text-sm text-gray-600">{form.description}</p> : null}
      <DynamicForm id={`form-${form.id}`} fields={form.fields} constraint={constraint} lastResult={actionData?.result} />
    </section>
  );
}
