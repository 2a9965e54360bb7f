import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { answerSchema, orderedFields } from "@contract/dynamic-form";
import { fillableForm } from "@contract/resources/form-templates";
import { DynamicForm } from "~/components/dynamic-form";
import { useTranslation } from "~/utils/i18n-react";
import { forbidden, notFound } from "~/utils/permissions.server";
import { pageAction, pageLoader } from "~/utils/page";
import { redirectWithToast } from "~/utils/toast.server";
import { formErrorsOf, settle, toastUnlessFieldErrors, upstream, type FormFields } from "~/utils/upstream.server";
import { pageMeta } from "~/utils/meta";

/**
 * /daily/form/<id> — a recipient fills a form template: the form is derived from the template's description
 * (contract/dynamic-form.ts) and rendered by one component; the action validates with the same derived schema
 * (field messages, nothing saved on error — without JavaScript too) and then the API validates again and stores.
 */
async function templateOf(request: Request, splat: string | undefined) {
  const m = /^(\d{1,9})\/?$/.exec(splat ?? "");
  if (!m) throw notFound();
  const r = await settle(upstream(request).get(`daily/forms/${m[1]}/`, { schema: fillableForm }));
  if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
  return r.data;
}

export const loader = pageLoader(async ({ request, params }) => ({ form: await templateOf(request, params["*"]) }));

export const action = pageAction(async ({ request, params }) => {
  const tpl = await templateOf(request, params["*"]);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: answerSchema(tpl.fields) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const keys = orderedFields(tpl.fields).map((f) => f.key);
  const form: FormFields = {};
  for (const k of keys) {
    const values = formData.getAll(k).filter((v): v is string => typeof v === "string" && v !== "");
    if (values.length) form[k] = values.length === 1 && tpl.fields.find((f) => f.key === k)?.kind !== "multiple" ? values[0]! : values;
  }
  const r = await settle(upstream(request).envelope("POST", `daily/forms/${tpl.id}/answers/`, { form }));
  if (!r.ok) {
    await toastUnlessFieldErrors(request, r, keys);
    return json({ result: submission.reply(formErrorsOf(r, keys)) }, { status: 400 });
  }
  return redirectWithToast("/daily/form", { type: "success", message: r.data.msg ?? "" });
});
export const meta = pageMeta;

export default function Page() {
  const { form } = useLoaderData<typeof loader>();
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
      <DynamicForm id={`form-${form.id}`} fields={form.fields} lastResult={actionData?.result} />
    </section>
  );
}
