import { Form, Link, useNavigation } from "@remix-run/react";
import { FIELD_KINDS, FORM_RECIPIENT_ROLES } from "@contract/dynamic-form-view";
import { CsrfInput } from "~/components/csrf-input";
import { useResourceT } from "~/components/resource/i18n";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input, inputVariants, NativeSelect } from "~/components/ui/input";
import type { ClassOption, Draft } from "./__forms.server";

// /daily/formTemplate/new and /<id>/edit: the builder (loaded only on those pages, ./formTemplate_.$.tsx).

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

export function Builder({
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
              className={inputVariants({ inputSize: "area" })}
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
                  className={inputVariants({ inputSize: "area" })}
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
