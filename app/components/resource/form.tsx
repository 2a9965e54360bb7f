import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import * as React from "react";
import { allFormFields, visibleFor, type FormField } from "@contract/resource-view";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList, Field, useHydrated } from "~/components/ui/field";
import { Input, inputVariants, NativeSelect } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import type { FormActionData, Option, SubData } from "~/resources/types";
import { useResourceT } from "./i18n";
import { FileField } from "./file-field";
import { controlProps, fieldMetas, listOf, textOf, type FieldMeta } from "./field-meta";
import { ImagesField } from "./images-field";

type FormData_ = Extract<SubData, { view: "create" | "edit" }>;

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

function Control({ f, field, options }: { f: FormField; field: FieldMeta; options: Option[] }) {
  const { t } = useResourceT();
  const placeholder = f.placeholder ? t(f.placeholder) : undefined;
  const props = controlProps(field);
  switch (f.kind) {
    case "textarea":
      return (
        <textarea {...props} defaultValue={textOf(field.initialValue)} placeholder={placeholder} rows={4} className={inputVariants({ inputSize: "area" })} />
      );
    case "select": {
      // A required choice with one possible answer (a teacher's only class) starts chosen.
      const only = field.constraint.required && options.length === 1 && !textOf(field.initialValue) ? options[0]!.value : undefined;
      return (
        <NativeSelect {...props} defaultValue={only ?? textOf(field.initialValue)}>
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
    }
    case "multiselect": {
      // Native checkboxes: they work without JavaScript and read better than a <select multiple>.
      const checked = listOf(field.initialValue);
      return options.length ? (
        <div
          className="grid max-h-56 grid-cols-2 gap-x-4 gap-y-1 overflow-y-auto rounded border border-gray-200 p-2 sm:grid-cols-3"
          role="group"
          aria-labelledby={`${field.id}-label`}
          aria-describedby={props["aria-describedby"]}
          data-testid={`field-${f.name}`}
        >
          {options.map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                id={`${field.id}-${o.value}`}
                name={field.name}
                value={o.value}
                defaultChecked={checked.includes(o.value)}
                className="h-4 w-4"
              />
              {o.label}
            </label>
          ))}
        </div>
      ) : (
        <p className="text-xs text-gray-500">{t("crud:list.empty")}</p>
      );
    }
    case "boolean":
      return <input {...props} required={undefined} type="checkbox" value="on" defaultChecked={textOf(field.initialValue) === "on"} className="h-4 w-4" />;
    case "image":
    case "file":
      return <FileField f={f} field={field} />;
    case "images":
      return <ImagesField f={f} field={field} />;
    default:
      return (
        <Input
          {...props}
          type={INPUT_TYPE[f.kind] ?? "text"}
          defaultValue={textOf(field.initialValue)}
          placeholder={placeholder}
          step={f.kind === "integer" ? 1 : f.kind === "number" ? "any" : props.step}
          accept={f.accept}
        />
      );
  }
}

/**
 * Create and edit pages: native controls with the schema's constraints (computed by the loader from the same zod
 * schema the API validates with, so the browser loads no zod); the console's action validates and answers field
 * errors in the user's language (the API's 422 `data.errors` included), values kept after a failed submit; success
 * is post/redirect/get to the list with a toast. Without JavaScript the browser checks the constraints first; with
 * it the post goes without a reload, a corrected field's message goes away as it is typed, and the first refused
 * field takes the focus.
 */
export function ResourceFormPage({ inPlace = false }: { /** A settings object edited in place (no list to go back to). */ inPlace?: boolean }) {
  const data = useLoaderData<FormData_>();
  const def = data.def;
  const actionData = useActionData<FormActionData>();
  const { t, msgs } = useResourceT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const mode = data.view === "create" ? "create" : "change";
  const formId = `${def.name}-${mode}-${data.id ?? "new"}`;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const [cleared, setCleared] = React.useState<ReadonlySet<string>>(new Set());
  const formRef = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    setCleared(new Set());
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [result]);
  const all = fieldMetas(formId, data.fieldNames, { defaults: data.defaults, result, constraint: data.constraint, cleared });
  const formErrors = result?.error?.[""] ?? undefined;
  // Options depending on another field (e.g. teachers of the chosen kindergarten) reload when it changes.
  const location = useLocation();
  const optionsFetcher = useFetcher<FormData_>();
  const dependents = allFormFields(def).filter((f) => f.options && "lookup" in f.options && f.options.dependsOn);
  const triggers = new Set(dependents.map((f) => (f.options as { dependsOn: { field: string } }).dependsOn.field));
  const fresh = optionsFetcher.data?.options;
  const options = fresh ? { ...data.options, ...Object.fromEntries(dependents.map((f) => [f.name, fresh[f.name] ?? []])) } : data.options;
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLInputElement | HTMLSelectElement;
    if (all[target.name]?.errors) setCleared((c) => new Set(c).add(target.name));
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
        id={formId}
        ref={formRef}
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
        <div role="alert" id={`${formId}-error`} data-testid="form-errors">
          <ErrorList errors={msgs(formErrors)} />
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
