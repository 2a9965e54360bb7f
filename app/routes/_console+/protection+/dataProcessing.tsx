import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { protectionAction, protectionLoader, type ProtectionPageData } from "./__protection.server";

/**
 * /protection/dataProcessing (role 5) — personal-information protection: requests from a family or staff member
 * (access with a downloadable archive, correction, deletion), retention rules with what each would remove now, and
 * the night job's runs and what it touched. Deletion never runs here: approving schedules it for the night job.
 * Every control is a plain form: works without JavaScript.
 */
export const loader = (args: LoaderFunctionArgs) => protectionLoader(args);
export const action = (args: ActionFunctionArgs) => protectionAction(args);
export const meta = pageMeta;

const control = "block w-full rounded border border-gray-300 bg-white px-2 py-1.5 text-sm";
const th = "border-b px-2 py-1.5 text-left font-medium text-gray-700";
const td = "border-b px-2 py-1.5 align-top";
const TONES: Record<string, string> = {
  pending: "text-amber-700",
  scheduled: "text-blue-700",
  done: "text-green-700",
  rejected: "text-gray-500",
  ok: "text-green-700",
  failed: "text-red-700",
  retrying: "text-amber-700",
  running: "text-blue-700",
};

export default function Page() {
  const data = useLoaderData<typeof loader>() as unknown as ProtectionPageData & { loadError: string | null };
  const result = useActionData<{ intent?: string; values?: Record<string, string>; errors?: Record<string, string[]> }>();
  const { t } = useTranslation("protection");
  const errs = (intent: string, k: string) => (result?.intent === intent ? (result.errors?.[k] ?? null) : null);
  const val = (intent: string, k: string) => (result?.intent === intent ? result.values?.[k] : undefined);
  return (
    <div className="space-y-6" data-testid="data-processing">
      <h1 className="text-lg font-semibold">{t("title")}</h1>
      {data.loadError ? (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-700">
          {data.loadError}
        </p>
      ) : null}

      <section aria-labelledby="pr-new" className="max-w-3xl rounded border bg-white p-4">
        <h2 id="pr-new" className="mb-3 font-medium">
          {t("requests.new")}
        </h2>
        <Form method="post" className="grid gap-3 sm:grid-cols-2" data-testid="request-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="create" />
          <Field label={t("requests.kind")} htmlFor="pr-kind" errors={errs("create", "kind")}>
            <select id="pr-kind" name="kind" required defaultValue={val("create", "kind") ?? ""} className={control}>
              <option value="">-</option>
              {["access", "correction", "deletion"].map((k) => (
                <option key={k} value={k}>
                  {t(`requests.kinds.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("requests.subject")} htmlFor="pr-subject" errors={errs("create", "subject")}>
            <select id="pr-subject" name="subject" required defaultValue={val("create", "subject") ?? ""} className={control}>
              <option value="">-</option>
              {(["student", "user", "customer"] as const).map((g) => (
                <optgroup key={g} label={t(`requests.subjects.${g}`)}>
                  {data.subjects[g].map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
          <Field label={t("requests.requester")} htmlFor="pr-requester" errors={errs("create", "requester")}>
            <input id="pr-requester" name="requester" required maxLength={50} defaultValue={val("create", "requester") ?? ""} className={control} />
          </Field>
          <Field label={t("requests.details")} htmlFor="pr-details" errors={errs("create", "details")}>
            <textarea id="pr-details" name="details" rows={2} maxLength={1000} defaultValue={val("create", "details") ?? ""} className={control} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" data-testid="request-submit">
              {t("requests.new")}
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="pr-list" className="rounded border bg-white p-4">
        <h2 id="pr-list" className="mb-3 font-medium">
          {t("requests.title")}
        </h2>
        {data.requests.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="requests-table">
              <thead>
                <tr>
                  {["kind", "subject", "requester", "details", "status", "outcome", "createdAt", "actions"].map((k) => (
                    <th key={k} scope="col" className={th}>
                      {t(`requests.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.requests.map((r) => (
                  <tr key={r.id} data-testid={`request-${r.id}`}>
                    <td className={td}>{t(`requests.kinds.${r.kind}`)}</td>
                    <td className={td}>
                      {r.subjectLabel}
                      <span className="block text-xs text-gray-500">{t(`requests.subjects.${r.subjectType}`)}</span>
                    </td>
                    <td className={td}>{r.requester}</td>
                    <td className={td}>{r.details}</td>
                    <td className={`${td} ${TONES[r.status] ?? ""}`}>{t(`requests.statuses.${r.status}`)}</td>
                    <td className={`${td} max-w-xs break-words`}>{r.outcomeText}</td>
                    <td className={td}>
                      {r.createdAtText}
                      {r.doneAtText ? <span className="block text-xs text-gray-500">{r.doneAtText}</span> : null}
                    </td>
                    <td className={td}>
                      <div className="flex flex-wrap gap-1">
                        {r.actions.archive ? (
                          <a
                            href={`/protection/dataProcessing/export?request=${r.id}`}
                            className={buttonVariants({ variant: "outline", size: "sm" })}
                            data-testid={`archive-${r.id}`}
                          >
                            {t("requests.archive")}
                          </a>
                        ) : null}
                        {r.actions.reject ? (
                          <Form method="post" className="flex flex-wrap items-center gap-1">
                            <CsrfInput />
                            <label className="sr-only" htmlFor={`outcome-${r.id}`}>
                              {t("requests.outcome")}
                            </label>
                            <input
                              id={`outcome-${r.id}`}
                              name="outcome"
                              maxLength={500}
                              placeholder={t("requests.outcome")}
                              className="w-32 rounded border px-1 py-1 text-xs"
                            />
                            {r.actions.approve ? (
                              <Button type="submit" name="intent" value={`approve:${r.id}`} size="sm" variant="destructive" data-testid={`approve-${r.id}`}>
                                {t("requests.approve")}
                              </Button>
                            ) : null}
                            {r.actions.complete ? (
                              <Button type="submit" name="intent" value={`complete:${r.id}`} size="sm" data-testid={`complete-${r.id}`}>
                                {t("requests.complete")}
                              </Button>
                            ) : null}
                            <Button type="submit" name="intent" value={`reject:${r.id}`} size="sm" variant="outline" data-testid={`reject-${r.id}`}>
                              {t("requests.reject")}
                            </Button>
                          </Form>
                        ) : null}
                      </div>
                      {result?.intent?.endsWith(`:${r.id}`) && result.errors?.outcome ? (
                        <p className="text-xs text-red-700">{result.errors.outcome.join(" ")}</p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-gray-600">{t("requests.none")}</p>
        )}
      </section>

      <section aria-labelledby="pr-retention" className="max-w-4xl rounded border bg-white p-4">
        <h2 id="pr-retention" className="mb-1 font-medium">
          {t("retention.title")}
        </h2>
        <p className="mb-3 text-sm text-gray-600">{t("retention.help")}</p>
        <Form method="post" data-testid="retention-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="retention" />
          <table className="w-full text-sm">
            <thead>
              <tr>
                {["kind", "months", "enabled", "wouldRemove"].map((k) => (
                  <th key={k} scope="col" className={th}>
                    {t(`retention.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.retention.map((r) => (
                <tr key={r.kind} data-testid={`retention-${r.kind}`}>
                  <td className={td}>
                    <label htmlFor={`rt-${r.kind}`}>{t(`retention.kinds.${r.kind}`)}</label>
                  </td>
                  <td className={td}>
                    <input
                      id={`rt-${r.kind}`}
                      name={r.kind}
                      type="number"
                      min={1}
                      max={600}
                      required
                      defaultValue={val("retention", r.kind) ?? r.months}
                      className="w-24 rounded border px-2 py-1"
                    />
                    {errs("retention", r.kind) ? <p className="text-xs text-red-700">{errs("retention", r.kind)!.join(" ")}</p> : null}
                  </td>
                  <td className={td}>
                    <input
                      type="checkbox"
                      name={`${r.kind}Enabled`}
                      defaultChecked={r.enabled}
                      aria-label={`${t("retention.enabled")} ${t(`retention.kinds.${r.kind}`)}`}
                      className="h-5 w-5"
                    />
                  </td>
                  <td className={td} data-testid={`would-remove-${r.kind}`}>
                    {r.wouldRemoveText}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button type="submit" className="mt-3" data-testid="retention-save">
            {t("retention.save")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="pr-runs" className="rounded border bg-white p-4">
        <h2 id="pr-runs" className="mb-3 font-medium">
          {t("runs.title")}
        </h2>
        {data.runs.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="runs-table">
              <thead>
                <tr>
                  {["slot", "attempt", "status", "startedAt", "finishedAt", "summary"].map((k) => (
                    <th key={k} scope="col" className={th}>
                      {t(`runs.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.runs.map((r) => (
                  <tr key={r.id}>
                    <td className={td}>{r.slotText}</td>
                    <td className={td}>{r.attempt}</td>
                    <td className={`${td} ${TONES[r.status] ?? ""}`}>{t(`runs.statuses.${r.status}`)}</td>
                    <td className={td}>{r.startedAtText}</td>
                    <td className={td}>{r.finishedAtText}</td>
                    <td className={`${td} max-w-xs break-words`}>{r.resultText}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-gray-600">{t("runs.none")}</p>
        )}
        <h3 className="mt-4 mb-2 text-sm font-medium">{t("log.title")}</h3>
        {data.log.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="log-table">
              <thead>
                <tr>
                  {["at", "subject", "rule", "action", "fields", "files", "result"].map((k) => (
                    <th key={k} scope="col" className={th}>
                      {t(`log.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.log.map((l) => (
                  <tr key={l.id}>
                    <td className={td}>{l.atText}</td>
                    <td className={td}>
                      {l.subjectType === "audit" ? t("retention.kinds.audit") : `${t(`requests.subjects.${l.subjectType}`)} #${l.subjectId}`}
                    </td>
                    <td className={td}>{l.requestId != null ? t("log.request", { id: l.requestId }) : l.rule ? t(`retention.kinds.${l.rule}`) : ""}</td>
                    <td className={td}>{t(`log.actions.${l.action}`)}</td>
                    <td className={`${td} max-w-xs break-words`}>{l.fieldsText}</td>
                    <td className={td}>{l.files}</td>
                    <td className={`${td} ${TONES[l.result] ?? ""}`}>{t(`log.results.${l.result}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
