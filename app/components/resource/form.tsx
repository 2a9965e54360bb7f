import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { allFormFields, formSchemaFor, visibleFor, type FormField, type ResourceDefinition } from "@contract/resource";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList, Field, useHydrated } from "~/components/ui/field";
import { Input, inputClass } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import type * as React from "react";
import { cn } from "~/utils/cn";
import type { FormActionData, Option, SubData } from "~/resources/types";
import { useResourceT } from "./i18n";
import { jitlessZodInBrowser } from "@contract/zod-jitless";
import { FileField } from "./file-field";
import { ImagesField } from "./images-field";

// zod must not compile parsers with new Function in the browser (CSP): set before the first parse.
jitlessZodInBrowser();

type FormData_ = Extract<SubData, { view: "create" | "edit" }>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

const INPUT_TYPE: Partial<Record<FormField["kind"], string>> = {
  text: "text",
  phone: "tel",
  email: "email",
  password: "password",
  number: "number",
  integer: "number",
  date: "date",
  time: "time",
  file: "file",
  image: "file",
};

function optionsOf(f: FormField, loaded: Record<string, Option[]>, t: (k: string) => string): Option[] {
  // Loaded first: the server narrows some static choices to the user (e.g. the roles she may grant).
  if (loaded[f.name]) return loaded[f.name]!;
  if (f.options && "static" in f.options) return f.options.static.map((o) => ({ value: String(o.value), label: t(o.label) }));
  return [];
}

function Control({ f, field, options }: { f: FormField; field: AnyField; options: Option[] }) {
  const { t } = useResourceT();
  const placeholder = f.placeholder ? t(f.placeholder) : undefined;
  switch (f.kind) {
    case "textarea":
      return <textarea {...getTextareaProps(field)} placeholder={placeholder} rows={4} className={cn(inputClass, "h-auto py-2")} />;
    case "select":
      return (
        <NativeSelect {...getSelectProps(field)}>
          <option value="" data-vocab="">
            {t("crud:form.choose")}
          </option>
          {options.map((o) => (
            // Fixed vocabularies (translated labels) as opposed to data: the a11y crawl checks their language.
            <option key={o.value} value={o.value} data-vocab={f.options && "static" in f.options ? "" : undefined}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    case "multiselect":
      // Native checkboxes: they work without JavaScript and read better than a <select multiple>.
      return options.length ? (
        <div
          className="grid max-h-56 grid-cols-2 gap-x-4 gap-y-1 overflow-y-auto rounded border border-gray-200 p-2 sm:grid-cols-3"
          role="group"
          aria-labelledby={`${field.id}-label`}
          data-testid={`field-${f.name}`}
        >
          {getCollectionProps(field, { type: "checkbox", options: options.map((o) => o.value) }).map((props, i) => (
            <label key={props.key ?? props.value} className="flex items-center gap-2 text-sm text-gray-700">
              <input {...props} key={undefined} className="h-4 w-4" />
              {options[i]!.label}
            </label>
          ))}
        </div>
      ) : (
        <p className="text-xs text-gray-500">{t("crud:list.empty")}</p>
      );
    case "boolean":
      return <input {...getInputProps(field, { type: "checkbox" })} className="h-4 w-4" />;
    case "image":
    case "file":
      return <FileField key={field.key} f={f} field={field} />;
    case "images":
      return <ImagesField key={field.key} f={f} field={field} />;
    default: {
      const type = (INPUT_TYPE[f.kind] ?? "text") as "text";
      return (
        <Input
          {...getInputProps(field, { type })}
          placeholder={placeholder}
          step={f.kind === "integer" ? 1 : f.kind === "number" ? "any" : undefined}
          accept={f.accept}
        />
      );
    }
  }
}

/**
 * Create and edit pages: conform with the definition's zod schema (the same the API validates with),
 * native controls (works without JavaScript; the browser validates from the schema's constraints
 * until hydration), field errors in the user's language (the API's 422 `data.errors` included),
 * values kept after a failed submit; success is post/redirect/get to the list with a toast.
 */
export function ResourceFormPage({
  def,
  inPlace = false,
}: {
  def: ResourceDefinition;
  /** A settings object edited in place (no list to go back to). */ inPlace?: boolean;
}) {
  const data = useLoaderData<FormData_>();
  const actionData = useActionData<FormActionData>();
  const { t, msgs } = useResourceT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const mode = data.view === "create" ? "create" : "change";
  const schema = formSchemaFor(def, mode);
  const [form, fields] = useForm({
    id: `${def.name}-${mode}-${data.id ?? "new"}`,
    constraint: getZodConstraint(schema),
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: data.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const all = fields as unknown as Record<string, AnyField>;
  // Options depending on another field (e.g. teachers of the chosen kindergarten) reload when it changes.
  const location = useLocation();
  const optionsFetcher = useFetcher<FormData_>();
  const dependents = allFormFields(def).filter((f) => f.options && "lookup" in f.options && f.options.dependsOn);
  const triggers = new Set(dependents.map((f) => (f.options as { dependsOn: { field: string } }).dependsOn.field));
  const fresh = optionsFetcher.data?.options;
  const options = fresh ? { ...data.options, ...Object.fromEntries(dependents.map((f) => [f.name, fresh[f.name] ?? []])) } : data.options;
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLInputElement | HTMLSelectElement;
    if (!triggers.has(target.name)) return;
    const q = new URLSearchParams({ [target.name]: target.value });
    optionsFetcher.load(`${location.pathname}?${q}`);
  };
  const list = `${def.page}${data.back}`;
  const hasFiles = allFormFields(def).some((f) => (f.kind === "image" || f.kind === "file" || f.kind === "images") && data.fieldNames.includes(f.name));
  const heading = mode === "create" ? t("crud:form.createTitle", { one: data.one }) : t("crud:form.editTitle", { one: data.one });

  return (
    <section className="max-w-3xl space-y-4" data-testid="resource-form" data-resource={def.name}>
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {heading}
        </h1>
        {inPlace ? null : (
          <Link to={list} className="text-sm text-primary hover:underline">
            {t("crud:actions.back")}
          </Link>
        )}
      </div>
      <Form
        method="post"
        {...getFormProps(form)}
        encType={hasFiles ? "multipart/form-data" : undefined}
        noValidate={hydrated}
        onChange={onChange}
        className="space-y-6 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100"
      >
        {/* Forms with files are read as a stream: the CSRF token must arrive before the first file. */}
        {hasFiles ? <CsrfInput /> : null}
        {def.formGroups.map((g, gi) => {
          const visible = g.fields.filter((f) => data.fieldNames.includes(f.name) && visibleFor(f.roles, data.roleId));
          if (!visible.length) return null;
          return (
            <fieldset key={gi} className="space-y-4">
              {g.title ? <legend className="mb-2 text-sm font-semibold text-gray-700">{t(g.title)}</legend> : null}
              <div className="grid gap-4 sm:grid-cols-2">
                {visible.map((f) => {
                  const field = all[f.name]!;
                  const errors = msgs(field.errors);
                  return (
                    <Field
                      key={f.name}
                      label={<span id={`${field.id}-label`}>{t(f.label)}</span>}
                      htmlFor={field.id}
                      errors={errors}
                      errorId={field.errorId}
                      hint={f.help ? t(f.help, { max: f.max }) : undefined}
                      className={cn((f.wide || f.kind === "textarea" || f.kind === "multiselect") && "sm:col-span-2")}
                    >
                      <Control f={f} field={field} options={optionsOf(f, options, t)} />
                    </Field>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <div role="alert" id={form.errorId} data-testid="form-errors">
          <ErrorList errors={msgs(form.errors)} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={navigation.state === "submitting"} data-testid="form-submit">
            {t("crud:actions.save")}
          </Button>
          <Link to={list} className={buttonVariants({ variant: "outline" })}>
            {t("crud:actions.cancel")}
          </Link>
        </div>
        <CsrfInput />
        {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
      </Form>
    </section>
  );
}
