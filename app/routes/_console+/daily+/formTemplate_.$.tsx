import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { DynamicField } from "@contract/dynamic-form";
import { answerText, FIELD_KINDS, FORM_RECIPIENT_ROLES, labelIn, orderedFields } from "@contract/dynamic-form-view";
import { formatDateTime } from "@contract/resource-format";
import { CsrfInput } from "~/components/csrf-input";
import { ResourceSubPage } from "~/components/resource/pages";
import { useResourceT } from "~/components/resource/i18n";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input, inputClass, NativeSelect } from "~/components/ui/input";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { cn } from "~/utils/cn";
import { pageMeta } from "~/utils/meta";
import { formTemplateAction, formTemplateLoader, type ClassOption, type Data, type Draft } from "./__forms.server";

/**
 * /daily/formTemplate sub-pages:
 *   /new, /<id>/edit   the builder: title, description and the fields (labels in both languages, kind, required,
 *                      options), added, removed and reordered WITHOUT JavaScript by submit buttons `name="intent"`
 *                      (add, remove:i, up:i, down:i) that answer the changed draft; `save` validates and saves
 *                      and the recipients (roles and classes, checkboxes; none ticked: everyone who may open /daily/form)
 *   /<id>              the template's answers: a per-field summary (computed by the API), then one column per field,
 *                      with the Excel export
 *   /<id>/delete       the resource engine's confirmation page
 * Loaders and actions: ./__forms.server.ts (the browser loads neither the schemas nor zod).
 */
export const loader = (args: LoaderFunctionArgs) => formTemplateLoader(args);
export const action = (args: ActionFunctionArgs) => formTemplateAction(args);
export const meta = pageMeta;

/** The recipients: roles of /daily/form and the kindergarten's classes, as checkboxes (none ticked: no narrowing). */
function Recipients({ draft, classes, errors }: { draft: Draft; classes: ClassOption[]; errors: Record<string, string[]> }) {
  const { t, msgs } = useResourceT();
  const box = (name: string, value: number, label: string, checked: boolean) => (
    <label key={value} className="flex items-center gap-2 text-sm text-gray-700">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4" />
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-3" data-testid="builder-recipients">
      <legend className="mb-1 text-sm font-semibold text-gray-700">{t("forms:recipients.title")}</legend>
      <p className="text-xs text-gray-500">{t("forms:recipients.help")}</p>
      <fieldset>
        <legend className="text-xs text-gray-600">{t("forms:recipients.roles")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {FORM_RECIPIENT_ROLES.map((r) => box("recipientRoleIds", r, t(`menu:role.${r}`), draft.roleIds.includes(r)))}
        </div>
        <ErrorList id="err-recipientRoleIds" errors={msgs(errors.recipientRoleIds)} />
      </fieldset>
      {classes.length ? (
        <fieldset>
          <legend className="text-xs text-gray-600">{t("forms:recipients.classes")}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {classes.map((c) => box("recipientClassIds", c.value, c.label, draft.classIds.includes(c.value)))}
          </div>
          <ErrorList id="err-recipientClassIds" errors={msgs(errors.recipientClassIds)} />
        </fieldset>
      ) : null}
    </fieldset>
  );
}

function Builder({
  page,
  id,
  draft,
  errors,
  classes,
}: {
  page: string;
  id: number | null;
  draft: Draft;
  errors: Record<string, string[]>;
  classes: ClassOption[];
}) {
  const { t, msgs } = useResourceT();
  const navigation = useNavigation();
  const err = (k: string) => msgs(errors[k]);
  const described = (k: string) => (errors[k]?.length ? { "aria-invalid": true as const, "aria-describedby": `err-${k.replace(".", "-")}` } : {});
  return (
    <section className="max-w-4xl space-y-4" data-testid="form-builder">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t(id == null ? "forms:builder.newTitle" : "forms:builder.editTitle")}
        </h1>
        <Link to={page} className="text-sm text-primary hover:underline">
          {t("crud:actions.back")}
        </Link>
      </div>
      <Form method="post" className="space-y-5 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100" noValidate>
        {/* Enter in a text box saves (the first submit button is the form's default). */}
        <button type="submit" name="intent" value="save" tabIndex={-1} className="absolute -left-[9999px] h-px w-px overflow-hidden">
          {t("forms:builder.save")}
        </button>
        <CsrfInput />
        <input type="hidden" name="count" value={draft.fields.length} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor="tpl-title" className="block text-sm font-medium text-gray-700">
              {t("forms:templates.fields.title")}
            </label>
            <Input id="tpl-title" name="title" defaultValue={draft.title} maxLength={50} {...described("title")} />
            <ErrorList id="err-title" errors={err("title")} />
          </div>
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor="tpl-description" className="block text-sm font-medium text-gray-700">
              {t("forms:templates.fields.description")}
            </label>
            <textarea
              id="tpl-description"
              name="description"
              defaultValue={draft.description}
              rows={2}
              maxLength={200}
              className={cn(inputClass, "h-auto py-2")}
              {...described("description")}
            />
            <ErrorList id="err-description" errors={err("description")} />
          </div>
        </div>
        <Recipients draft={draft} classes={classes} errors={errors} />
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-gray-700">{t("forms:builder.fields")}</legend>
          {draft.fields.length ? null : <p className="text-sm text-gray-500">{t("forms:builder.noFields")}</p>}
          <ErrorList id="err-fields" errors={err("fields")} />
          {draft.fields.map((f, i) => (
            <fieldset key={f.key} className="space-y-2 rounded border border-gray-200 p-3" data-testid={`builder-field-${i}`}>
              <legend className="px-1 text-xs font-medium text-gray-500">{t("forms:builder.field", { n: i + 1 })}</legend>
              <input type="hidden" name={`f${i}.key`} value={f.key} />
              <div className="grid gap-3 sm:grid-cols-4">
                <div className="space-y-1">
                  <label htmlFor={`f${i}-zh`} className="block text-xs text-gray-600">
                    {t("forms:builder.labelZh")}
                  </label>
                  <Input id={`f${i}-zh`} name={`f${i}.zh`} defaultValue={f.zh} maxLength={50} {...described(`f${i}.zh`)} />
                  <ErrorList id={`err-f${i}-zh`} errors={err(`f${i}.zh`)} />
                </div>
                <div className="space-y-1">
                  <label htmlFor={`f${i}-en`} className="block text-xs text-gray-600">
                    {t("forms:builder.labelEn")}
                  </label>
                  <Input id={`f${i}-en`} name={`f${i}.en`} defaultValue={f.en} maxLength={50} {...described(`f${i}.en`)} />
                  <ErrorList id={`err-f${i}-en`} errors={err(`f${i}.en`)} />
                </div>
                <div className="space-y-1">
                  <label htmlFor={`f${i}-kind`} className="block text-xs text-gray-600">
                    {t("forms:builder.kind")}
                  </label>
                  <NativeSelect id={`f${i}-kind`} name={`f${i}.kind`} defaultValue={f.kind}>
                    {FIELD_KINDS.map((k) => (
                      <option key={k} value={k} data-vocab="">
                        {t(`forms:kinds.${k}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <label className="flex items-center gap-2 self-end pb-2 text-sm text-gray-700">
                  <input type="checkbox" name={`f${i}.required`} defaultChecked={f.required} className="h-4 w-4" />
                  {t("forms:builder.required")}
                </label>
              </div>
              <div className="space-y-1">
                <label htmlFor={`f${i}-options`} className="block text-xs text-gray-600">
                  {t("forms:builder.options")}
                </label>
                <textarea
                  id={`f${i}-options`}
                  name={`f${i}.options`}
                  defaultValue={f.options}
                  rows={2}
                  className={cn(inputClass, "h-auto py-2")}
                  {...described(`f${i}.options`)}
                />
                <ErrorList id={`err-f${i}-options`} errors={err(`f${i}.options`)} />
              </div>
              <div className="flex gap-2">
                <Button
                  type="submit"
                  name="intent"
                  value={`up:${i}`}
                  variant="outline"
                  size="sm"
                  disabled={i === 0}
                  aria-label={`${t("forms:builder.up")} ${t("forms:builder.field", { n: i + 1 })}`}
                >
                  {t("forms:builder.up")}
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value={`down:${i}`}
                  variant="outline"
                  size="sm"
                  disabled={i === draft.fields.length - 1}
                  aria-label={`${t("forms:builder.down")} ${t("forms:builder.field", { n: i + 1 })}`}
                >
                  {t("forms:builder.down")}
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value={`remove:${i}`}
                  variant="outline"
                  size="sm"
                  aria-label={`${t("forms:builder.remove")} ${t("forms:builder.field", { n: i + 1 })}`}
                >
                  {t("forms:builder.remove")}
                </Button>
              </div>
            </fieldset>
          ))}
          <Button type="submit" name="intent" value="add" variant="outline" data-testid="builder-add">
            {t("forms:builder.add")}
          </Button>
        </fieldset>
        <div className="flex gap-2">
          <Button type="submit" name="intent" value="save" disabled={navigation.state === "submitting"} data-testid="form-submit">
            {t("forms:builder.save")}
          </Button>
          <Link to={page} className={buttonVariants({ variant: "outline" })}>
            {t("forms:builder.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/**
 * One answer: text, or for an image (a file id) its thumbnail linking to the file, both through the console's checked
 * /files route (the API serves them only to who may see the answer).
 */
function AnswerCell({ f, value, files, lang }: { f: DynamicField; value: unknown; files?: Record<string, string>; lang: "zh" | "en" }) {
  const { t } = useResourceT();
  if (f.kind === "image" && typeof value === "number") {
    const name = answerText(f, value, lang, files);
    return (
      <a href={`/files/${value}`} className="inline-block" title={name}>
        <img
          src={`/files/${value}?variant=thumb`}
          alt={`${t("crud:files.thumbnail")}: ${name}`}
          width={40}
          height={40}
          loading="lazy"
          className="h-10 w-10 rounded object-cover ring-1 ring-gray-200"
          data-testid="answer-thumbnail"
        />
      </a>
    );
  }
  return <>{answerText(f, value, lang, files)}</>;
}

type Summary = NonNullable<Data["answers"]>["summary"][number];

/** One field's figures: options (count, share), numbers (min, average, max), else how many answered. */
function FieldFigures({ f, s, total }: { f: DynamicField; s: Summary; total: number }) {
  const { t, lang } = useResourceT();
  const rows: [string, string][] = [[t("forms:summary.answered"), t("forms:summary.of", { n: s.answered, total })]];
  s.options?.forEach((o, i) => rows.push([labelIn(f.options![i]!, lang), `${o.count} (${o.percent}%)`]));
  if (s.numbers) for (const k of ["min", "avg", "max"] as const) rows.push([t(`forms:summary.${k}`), String(s.numbers[k])]);
  else if (s.kind === "number") rows.push([t("forms:summary.avg"), t("forms:summary.noNumbers")]);
  return (
    <div className="rounded border border-gray-100 p-3" data-testid="summary-field">
      <h3 className="mb-1 text-sm font-semibold text-gray-700">{labelIn(f.label, lang)}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
        {rows.map(([k, v], i) => (
          <div key={i} className="contents">
            <dt className="text-gray-600">{k}</dt>
            <dd className="tabular-nums text-gray-800" data-value="">
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The per-field summary the API computed (above the answers; plain HTML, no script). */
function AnswersSummary({ answers }: { answers: NonNullable<Data["answers"]> }) {
  const { t } = useResourceT();
  const byKey = new Map(answers.template.fields.map((f) => [f.key, f]));
  return (
    <section aria-labelledby="answers-summary-title" className="space-y-2 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" data-testid="answers-summary">
      <h2 id="answers-summary-title" className="text-base font-semibold text-gray-800">
        {t("forms:summary.title")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {answers.summary.map((s) => (byKey.has(s.key) ? <FieldFigures key={s.key} f={byKey.get(s.key)!} s={s} total={answers.total} /> : null))}
      </div>
    </section>
  );
}

function Answers({ page, answers }: { page: string; answers: NonNullable<Data["answers"]> }) {
  const { t, lang } = useResourceT();
  const fields = orderedFields(answers.template.fields);
  return (
    <section className="space-y-4" data-testid="form-answers">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("forms:answers.title", { title: answers.template.title })}
        </h1>
        <div className="flex gap-2">
          <a href={`${page}/export?template=${answers.template.id}`} className={buttonVariants({ variant: "outline" })} download data-testid="answers-export">
            {t("forms:answers.export")}
          </a>
          <Link to={page} className={buttonVariants({ variant: "outline" })}>
            {t("forms:answers.back")}
          </Link>
        </div>
      </div>
      {answers.list.length ? <AnswersSummary answers={answers} /> : null}
      {answers.list.length ? (
        <ScrollRegion label={t("forms:answers.title", { title: answers.template.title })} className="rounded-md bg-white shadow-sm ring-1 ring-gray-100">
          <table className="min-w-full text-sm">
            <thead className="bg-gray-50 text-left text-gray-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("forms:answers.user")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("forms:answers.createdAt")}
                </th>
                {fields.map((f) => (
                  <th key={f.key} scope="col" className="px-3 py-2 font-medium">
                    {labelIn(f.label, lang)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answers.list.map((a) => (
                <tr key={a.id} className="border-t border-gray-100" data-testid="answer-row">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {a.userName}
                  </th>
                  <td className="px-3 py-2 tabular-nums">{formatDateTime(a.createdAt)}</td>
                  {fields.map((f) => (
                    <td key={f.key} className="px-3 py-2">
                      <AnswerCell f={f} value={a.answers[f.key]} files={a.files} lang={lang} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p className="text-sm text-gray-500">{t("forms:answers.empty")}</p>
      )}
    </section>
  );
}

export default function Page() {
  const data = useLoaderData<Data | Record<string, unknown>>() as Partial<Data>;
  const actionData = useActionData<{ draft?: Draft; errors?: Record<string, string[]>; rev?: number }>();
  if (data.view === "answers" && data.answers) return <Answers page={data.page!} answers={data.answers} />;
  if (data.view === "builder") {
    const draft = actionData?.draft ?? data.draft!;
    // Keyed by the action's revision: after an intent the inputs start again from the answered draft.
    return (
      <Builder
        key={actionData?.rev ?? "initial"}
        page={data.page!}
        id={data.id ?? null}
        draft={draft}
        errors={actionData?.errors ?? {}}
        classes={data.classOptions ?? []}
      />
    );
  }
  return <ResourceSubPage />;
}
