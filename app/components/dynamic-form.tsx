import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import * as React from "react";
import type { DynamicField } from "@contract/dynamic-form";
import { labelIn, orderedFields } from "@contract/dynamic-form-view";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, useHydrated } from "~/components/ui/field";
import { Input, NativeSelect } from "~/components/ui/input";
import { useResourceT } from "~/components/resource/i18n";
import { FileField } from "~/components/resource/file-field";
import { controlProps, fieldMetas, listOf, textOf, type FieldMeta } from "~/components/resource/field-meta";
import type { FieldConstraint } from "~/resources/types";

function Control({ f, field, lang, t }: { f: DynamicField; field: FieldMeta; lang: "zh" | "en"; t: (k: string) => string }) {
  const options = (f.options ?? []).map((o, i) => ({ value: String(i), label: labelIn(o, lang) }));
  const props = controlProps(field);
  switch (f.kind) {
    case "number":
      return <Input {...props} type="number" step="any" defaultValue={textOf(field.initialValue)} />;
    case "date":
      return <Input {...props} type="date" defaultValue={textOf(field.initialValue)} />;
    case "single":
      return (
        <NativeSelect {...props} defaultValue={textOf(field.initialValue)}>
          <option value="" data-vocab="">
            {t("forms:fill.choose")}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    case "multiple": {
      const checked = listOf(field.initialValue);
      return (
        <div
          role="group"
          aria-labelledby={`${field.id}-label`}
          aria-describedby={props["aria-describedby"]}
          className="flex flex-wrap gap-x-4 gap-y-1"
          data-testid={`dynamic-${f.key}`}
        >
          {options.map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm text-gray-700">
              {/* No native `required` per box (it would demand every box); "choose at least one" is the schema's message. */}
              <input
                type="checkbox"
                id={`${field.id}-${o.value}`}
                name={field.name}
                value={o.value}
                defaultChecked={checked.includes(o.value)}
                aria-invalid={props["aria-invalid"]}
                className="h-4 w-4"
              />
              {o.label}
            </label>
          ))}
        </div>
      );
    }
    case "image":
      // The files machinery's upload field: the value is a file id (hidden input); without JavaScript the file goes
      // with the multipart form (the console streams it to the API's POST files/), with JavaScript it is uploaded at
      // once with progress and preview.
      return <FileField f={{ name: f.key, label: "", kind: "image", fileKind: "image" }} field={field} />;
    default:
      return <Input {...props} type="text" defaultValue={textOf(field.initialValue)} />;
  }
}

/**
 * The one component that renders a dynamic form (contract/dynamic-form.ts): native controls with the constraints of
 * the schema derived from the description (computed by the loader, so the browser loads no zod); the action validates
 * with that schema — the same the API validates with — and answers the field messages (conform's SubmissionResult),
 * nothing saved on error, values kept. Without JavaScript the browser checks the constraints first; with it the post
 * goes without a reload, a corrected field's message goes away as it is changed, and the first refused field takes
 * the focus.
 */
export function DynamicForm({
  id,
  fields,
  constraint,
  lastResult,
  submitLabel,
}: {
  id: string;
  fields: DynamicField[];
  constraint: Record<string, FieldConstraint>;
  lastResult?: SubmissionResult<string[]>;
  submitLabel?: string;
}) {
  const { t, msgs, lang } = useResourceT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [cleared, setCleared] = React.useState<ReadonlySet<string>>(new Set());
  const formRef = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    setCleared(new Set());
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [lastResult]);
  const ordered = orderedFields(fields);
  const meta = fieldMetas(
    id,
    ordered.map((f) => f.key),
    { defaults: {}, result: lastResult, constraint, cleared },
  );
  const formErrors = lastResult?.error?.[""] ?? undefined;
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name;
    if (meta[name]?.errors) setCleared((c) => new Set(c).add(name));
  };
  const hasImages = fields.some((f) => f.kind === "image");
  return (
    <Form
      method="post"
      id={id}
      ref={formRef}
      encType={hasImages ? "multipart/form-data" : undefined}
      noValidate={hydrated}
      onChange={onChange}
      className="space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100"
      data-testid="dynamic-form"
    >
      {/* A form with images is read as a stream: the CSRF token must arrive before the first file. */}
      <CsrfInput />
      {ordered.map((f) => {
        const field = meta[f.key]!;
        return (
          <Field
            key={f.key}
            label={
              <span id={`${field.id}-label`}>
                {labelIn(f.label, lang)}
                {f.required ? (
                  <span className="ml-0.5 text-red-600" aria-hidden="true">
                    *
                  </span>
                ) : null}
              </span>
            }
            htmlFor={field.id}
            hint={f.kind === "image" ? t("forms:fill.imageHelp") : undefined}
            errors={msgs(field.errors)}
            errorId={field.errorId}
          >
            <Control f={f} field={field} lang={lang} t={t} />
          </Field>
        );
      })}
      <div role="alert" id={`${id}-error`} data-testid="form-errors">
        <ErrorList errors={msgs(formErrors)} />
      </div>
      <Button type="submit" disabled={navigation.state === "submitting"} data-testid="form-submit">
        {submitLabel ?? t("forms:fill.submit")}
      </Button>
    </Form>
  );
}
