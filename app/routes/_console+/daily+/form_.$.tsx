import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { answerSchema, imageFieldKeys, orderedFields } from "@contract/dynamic-form";
import { fillableForm } from "@contract/resources/form-templates";
import { DynamicForm } from "~/components/dynamic-form";
import { useTranslation } from "~/utils/i18n-react";
import { requireCsrf } from "~/utils/csrf.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { pageLoader } from "~/utils/page";
import { isMultipart, readUploadForm } from "~/utils/upload.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formErrorsOf, settle, toastUnlessFieldErrors, upstream, type FormFields } from "~/utils/upstream.server";
import { pageMeta } from "~/utils/meta";

/**
 * /daily/form/<id> — a recipient fills a form template: the form is derived from the template's description
 * (contract/dynamic-form.ts) and rendered by one component; the action validates with the same derived schema
 * (field messages, nothing saved on error — without JavaScript too) and then the API validates again and stores.
 * A form with image fields posts multipart/form-data: the action reads it as a stream (readUploadForm: the CSRF token
 * checked as it arrives, each chosen file sent straight to the API's `POST files/?kind=image`, which checks it by
 * content), the field takes the temporary file's id and the API claims the file when it stores the answers.
 */
async function templateOf(request: Request, splat: string | undefined) {
  const m = /^(\d{1,9})\/?$/.exec(splat ?? "");
  if (!m) throw notFound();
  const r = await settle(upstream(request).get(`daily/forms/${m[1]}/`, { schema: fillableForm }));
  if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
  return r.data;
}

export const loader = pageLoader(async ({ request, params }) => ({ form: await templateOf(request, params["*"]) }));

/**
 * Not pageAction: its CSRF check reads a copy of the whole body, and a multipart post carries the images — the same
 * guards in the same order instead (the page's rule, then CSRF: streamed for multipart, read for plain forms).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePage(request);
  const streamed = isMultipart(request);
  if (!streamed) await requireCsrf(request);
  const tpl = await templateOf(request, params["*"]);
  const images = Object.fromEntries(imageFieldKeys(tpl.fields).map((k) => [k, "image" as const]));
  const { formData, uploadErrors } = streamed ? await readUploadForm(request, images) : { formData: await request.formData(), uploadErrors: {} };
  const submission = parseWithZod(formData, { schema: answerSchema(tpl.fields) });
  // A refused image (file format error, too large, upload image failed): the API's message by its field, nothing saved.
  const refused = Object.keys(uploadErrors).length ? { fieldErrors: uploadErrors as Record<string, string[]> } : undefined;
  if (submission.status !== "success" || refused) return json({ result: submission.reply(refused) }, { status: 400 });
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
}
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
