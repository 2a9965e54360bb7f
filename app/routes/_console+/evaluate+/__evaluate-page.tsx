import type * as React from "react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/input";
import { useTranslation } from "~/utils/i18n-react";
import { ImagesGallery } from "~/components/resource/images-view";
import type { EvaluateData } from "./__evaluate.server";

type ActionData = { fieldErrors: Record<string, string[]>; formErrors: string[]; values: { grade: string; comment: string } } | undefined;

const LIST = { evaluate1: "/teaching/anecdoteFile", evaluate2: "/teaching/activity" } as const;
const card = "space-y-3 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100";

/** The expert's evaluation page: the record as the teacher wrote it, then the grade and comment (a plain form: works without JavaScript). */
export function EvaluatePage() {
  const { data } = useLoaderData() as unknown as { data: EvaluateData };
  const errors = useActionData<ActionData>();
  const { t } = useTranslation("teaching");
  const r = data.record;
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <div className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
      <dt className="text-gray-500">{label}</dt>
      <dd className="whitespace-pre-wrap text-gray-800" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section className="max-w-3xl space-y-4" data-testid="evaluate-page">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t(data.kind === "evaluate1" ? "evaluate.title1" : "evaluate.title2")}
        </h1>
        <Link to={`${LIST[data.kind]}?status=toEvaluate`} className="text-sm text-primary hover:underline">
          {t("evaluate.back")}
        </Link>
      </div>
      <div className={card}>
        <h2 className="text-base font-medium text-gray-800">{t("evaluate.record")}</h2>
        <dl className="space-y-2">
          {row(t("fields.title"), r.title, "record-title")}
          {row(t("fields.class"), r.className ?? "")}
          {r.studentName ? row(t("fields.student"), r.studentName) : null}
          {row(t("fields.teacher"), r.teacherName ?? "")}
          {row(t("fields.happenedOn"), r.happenedOn)}
          {row(t("fields.content"), r.content ?? "")}
          {row(t("fields.status"), t(`states.${r.status}`), "record-status")}
          {r.imageFileIds.length ? row(t("fields.images"), <ImagesGallery value={r.imageFileIds} />, "record-images") : null}
        </dl>
      </div>
      {data.canEvaluate ? (
        <Form method="post" className={card} data-testid="evaluate-form">
          <CsrfInput />
          <h2 className="text-base font-medium text-gray-800">{t("evaluate.yourEvaluation")}</h2>
          <p className="text-sm text-gray-600">{t("evaluate.waiting")}</p>
          <Field label={t("fields.grade")} htmlFor="grade" errors={errors?.fieldErrors.grade} errorId="grade-error">
            <NativeSelect
              id="grade"
              name="grade"
              required
              defaultValue={errors?.values.grade ?? ""}
              aria-invalid={errors?.fieldErrors.grade ? true : undefined}
              aria-describedby={errors?.fieldErrors.grade ? "grade-error" : undefined}
              fit
              className="w-56"
            >
              <option value="">{t("crud:form.choose")}</option>
              {data.grades.map((g) => (
                <option key={g} value={g}>
                  {t(`grades.${g}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("fields.evaluation")} htmlFor="comment" errors={errors?.fieldErrors.comment} errorId="comment-error">
            <textarea
              id="comment"
              name="comment"
              required
              maxLength={500}
              rows={5}
              defaultValue={errors?.values.comment ?? ""}
              aria-invalid={errors?.fieldErrors.comment ? true : undefined}
              aria-describedby={errors?.fieldErrors.comment ? "comment-error" : undefined}
              className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-primary focus:outline-none focus:ring-1 focus:ring-primary"
            />
          </Field>
          <ErrorList errors={errors?.formErrors} />
          <Button type="submit" data-testid="evaluate-submit">
            {t("evaluate.save")}
          </Button>
        </Form>
      ) : (
        <div className={card} data-testid="evaluation-result">
          <p className="text-sm text-gray-600">{t("evaluate.notWaiting", { state: t(`states.${r.status}`) })}</p>
          {r.evaluation ? (
            <dl className="space-y-2">
              {row(t("fields.expert"), r.expertName ?? "")}
              {row(t("fields.grade"), r.grade ? t(`grades.${r.grade}`) : "")}
              {row(t("fields.evaluation"), r.evaluation, "evaluation-text")}
            </dl>
          ) : null}
        </div>
      )}
    </section>
  );
}
