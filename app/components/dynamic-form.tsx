import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { answerSchema, labelIn, orderedFields, type DynamicField } from "@contract/dynamic-form";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, useHydrated } from "~/components/ui/field";
import { Input, NativeSelect } from "~/components/ui/input";
import { useResourceT } from "~/components/resource/i18n";
import { FileField } from "~/components/resource/file-field";
import { jitlessZodInBrowser } from "@contract/zod-jitless";

jitlessZodInBrowser();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

function Control({ f, field, lang, t }: { f: DynamicField; field: AnyField; lang: "zh" | "en"; t: (k: string) => string }) {
  const options = (f.options ?? []).map((o, i) => ({ value: String(i), label: labelIn(o, lang) }));
  switch (f.kind) {
    case "number":
      return <Input {...getInputProps(field, { type: "number" })} step="any" key={field.key} />;
    case "date":
      return <Input {...getInputProps(field, { type: "date" })} key={field.key} />;
    case "single":
      return (
        <NativeSelect {...getSelectProps(field)} key={field.key}>
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
    case "multiple":
      return (
        <div role="group" aria-labelledby={`${field.id}-label`} className="flex flex-wrap gap-x-4 gap-y-1" data-testid={`dynamic-${f.key}`}>
          {getCollectionProps(field, { type: "checkbox", options: options.map((o) => o.value) }).map((props, i) => (
            <label key={props.key ?? props.value} className="flex items-center gap-2 text-sm text-gray-700">
              {/* No native `required` per box (it would demand every box); "choose at least one" is the schema's message. */}
              <input {...props} key={undefined} required={false} className="h-4 w-4" />
              {options[i]!.label}
            </label>
          ))}
        </div>
      );
    case "image":
      // The files machinery's upload field: the value is a file id (hidden input); without JavaScript the file goes
      // with the multipart form (the console streams it to the API's POST files/), with JavaScript it is uploaded at
      // once with progress and preview.
      return <FileField key={field.key} f={{ name: f.key, label: "", kind: "image", fileKind: "image" }} field={field} />;
    default:
      return <Input {...getInputProps(field, { type: "text" })} key={field.key} />;
  }
}

/**
 * The one component that renders a dynamic form (contract/dynamic-form.ts): conform with the schema derived from the
 * description — the same the API validates with — native controls and constraints (works without JavaScript: the
 * server validates and answers the field messages, nothing saved on error), values kept after a failed submit.
 */
export function DynamicForm({
  id,
  fields,
  lastResult,
  submitLabel,
}: {
  id: string;
  fields: DynamicField[];
  lastResult?: SubmissionResult<string[]>;
  submitLabel?: string;
}) {
  const { t, msgs, lang } = useResourceT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const schema = useMemo(() => answerSchema(fields), [fields]);
  const [form, all] = useForm({
    id,
    constraint: getZodConstraint(schema),
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const meta = all as unknown as Record<string, AnyField>;
  const hasImages = fields.some((f) => f.kind === "image");
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      encType={hasImages ? "multipart/form-data" : undefined}
      noValidate={hydrated}
      className="space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100"
      data-testid="dynamic-form"
    >
      {/* A form with images is read as a stream: the CSRF token must arrive before the first file. */}
      <CsrfInput />
      {orderedFields(fields).map((f) => {
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
      <div role="alert" id={form.errorId} data-testid="form-errors">
        <ErrorList errors={msgs(form.errors)} />
      </div>
      <Button type="submit" disabled={navigation.state === "submitting"} data-testid="form-submit">
        {submitLabel ?? t("forms:fill.submit")}
      </Button>
    </Form>
  );
}
