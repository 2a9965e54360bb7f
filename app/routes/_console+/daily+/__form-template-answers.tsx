import { Link } from "@remix-run/react";
import type { DynamicField } from "@contract/dynamic-form";
import { answerText, labelIn, orderedFields } from "@contract/dynamic-form-view";
import { formatDateTime } from "@contract/resource-format";
import { useResourceT } from "~/components/resource/i18n";
import { buttonVariants } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { Data } from "./__forms.server";

// /daily/formTemplate/<id>: the answers (loaded only on that page, ./formTemplate_.$.tsx).

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
  const rows: [string, string][] = [[t("forms:summary.answered"), t("forms:summary.of", { n: s.answered, count: total })]];
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

export function Answers({ page, answers }: { page: string; answers: NonNullable<Data["answers"]> }) {
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
