import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { ApplicantFrame, ApplicantSteps } from "~/components/applicant/applicant-frame";
import type { ConsoleLoaderData } from "../_layout";
import { introductionAction, introductionLoader, type IntroView } from "./__introduction.server";

/**
 * /admission/wx/introduction (hidden, role 13): what an applicant sees on a phone after the WeChat login — the
 * kindergarten, its charging standard, classes with free places, and a form to leave the child's details and ask
 * for a campus tour (a customer and an appointment for the admissions team, attributed to the introducer).
 * One column, large targets, plain HTML form: works at 375 px without JavaScript.
 */
export const loader = (args: LoaderFunctionArgs) => introductionLoader(args);
export const action = (args: ActionFunctionArgs) => introductionAction(args);
export const meta = pageMeta;

const PAGE = "/admission/wx/introduction";
const control = "block min-h-11 w-full rounded border border-gray-300 bg-white px-3 py-2 text-base";
const OPTIONS = {
  nation: ["han", "hui", "man", "zhuang", "other"],
  relationship: ["father", "mother", "grandparent", "other"],
  bus: ["no", "yes"],
};
const TIMES = ["09:00", "09:30", "10:00", "10:30", "14:00", "14:30", "15:00", "15:30"];

/** The applicant's one page, in her light frame (drawn here, not by the console's layout: staff pages never load it). */
export default function Page() {
  const frame = useRouteLoaderData("routes/_console+/_layout") as ConsoleLoaderData | undefined;
  return (
    <ApplicantFrame kindergartenName={frame?.user.kindergartenName ?? ""}>
      <Introduction />
    </ApplicantFrame>
  );
}

function Introduction() {
  const loaded = useLoaderData<typeof loader>() as unknown as { data: IntroView | null; error: string | null; today: string };
  const result = useActionData<{ values?: Record<string, string>; errors?: Record<string, string[]>; formError?: string }>();
  const nav = useNavigation();
  const { t } = useTranslation("admission");
  const v = result?.values ?? {};
  const err = (k: string) => result?.errors?.[k] ?? null;
  const d = loaded.data;
  const text = (name: string, label: string, o: { type?: string; required?: boolean; autoComplete?: string; inputMode?: "tel" } = {}) => (
    <Field label={label} htmlFor={`ap-${name}`} errors={err(name)} errorId={`ap-${name}-err`}>
      <input
        id={`ap-${name}`}
        name={name}
        type={o.type ?? "text"}
        required={o.required ?? true}
        defaultValue={v[name] ?? ""}
        autoComplete={o.autoComplete}
        inputMode={o.inputMode}
        min={o.type === "date" ? loaded.today : undefined}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={err(name) ? `ap-${name}-err` : undefined}
        className={control}
      />
    </Field>
  );
  const select = (name: string, label: string, options: { value: string; label: string }[]) => (
    <Field label={label} htmlFor={`ap-${name}`} errors={err(name)} errorId={`ap-${name}-err`}>
      <select
        id={`ap-${name}`}
        name={name}
        required
        defaultValue={v[name] ?? ""}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={err(name) ? `ap-${name}-err` : undefined}
        className={control}
      >
        <option value="">{t("applicant.choose")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
  if (d?.sent) return <Sent request={d.sent} phone={d.phone} />;
  return (
    <div className="mx-auto w-full max-w-xl space-y-5 text-base" data-testid="applicant-introduction">
      <ApplicantSteps current={2} />
      <h1 className="text-xl font-semibold">{t("applicant.title")}</h1>
      {loaded.error ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-700">
          {loaded.error}
        </p>
      ) : null}
      {d ? (
        <>
          <section className="space-y-1 rounded border bg-white p-4" aria-labelledby="ap-kg">
            <h2 id="ap-kg" className="text-lg font-medium" data-testid="applicant-kindergarten">
              {t("applicant.welcome", { name: d.name })}
            </h2>
            {d.address ? (
              <p className="text-gray-700">
                {t("applicant.address")}: <span data-value>{d.address}</span>
              </p>
            ) : null}
            {d.introduced ? <p className="text-gray-700">{t("applicant.introduced")}</p> : null}
          </section>

          <section className="rounded border bg-white p-4" aria-labelledby="ap-charges">
            <h2 id="ap-charges" className="mb-2 text-lg font-medium">
              {t("applicant.charges")}
            </h2>
            {d.charges.length ? (
              <ul className="divide-y" data-testid="applicant-charges">
                {d.charges.map((c, i) => (
                  <li key={i} className="flex flex-wrap justify-between gap-x-3 py-2">
                    <span>
                      {c.level} · {c.item}
                    </span>
                    <span className="text-gray-800">
                      {c.amount} / {c.period}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-gray-600">{t("applicant.noCharges")}</p>
            )}
          </section>

          <section className="rounded border bg-white p-4" aria-labelledby="ap-classes">
            <h2 id="ap-classes" className="mb-2 text-lg font-medium">
              {t("applicant.classes")}
            </h2>
            <ul className="divide-y" data-testid="applicant-classes">
              {d.classes.map((c) => (
                <li key={c.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {c.name} ({c.level})
                  </span>
                  <span className={c.free > 0 ? "text-green-800" : "text-gray-500"}>
                    {c.free > 0 ? t("applicant.free", { count: c.free }) : t("applicant.full")}
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <section className="rounded border bg-white p-4" aria-labelledby="ap-form">
            <h2 id="ap-form" className="text-lg font-medium">
              {t("applicant.form")}
            </h2>
            <p className="mb-3 text-sm text-gray-600">{t("applicant.formHelp")}</p>
            <Form method="post" className="space-y-4" data-testid="applicant-form">
              <CsrfInput />
              <fieldset className="space-y-3">
                <legend className="font-medium">{t("applicant.child")}</legend>
                {text("kidName", t("customers.fields.kidName"))}
                {text("nickname", t("customers.fields.nickname"))}
                {select(
                  "nation",
                  t("customers.fields.nation"),
                  OPTIONS.nation.map((x) => ({ value: x, label: t(`nations.${x}`) })),
                )}
                {select(
                  "classId",
                  t("applicant.classId"),
                  d.classes.filter((c) => c.free > 0).map((c) => ({ value: String(c.id), label: `${c.name} (${c.level})` })),
                )}
                {select(
                  "bus",
                  t("customers.fields.bus"),
                  OPTIONS.bus.map((x) => ({ value: x, label: t(`bus.${x}`) })),
                )}
              </fieldset>
              <fieldset className="space-y-3">
                <legend className="font-medium">{t("applicant.contact")}</legend>
                {text("contactName", t("customers.fields.contactName"), { autoComplete: "name" })}
                {select(
                  "relationship",
                  t("customers.fields.relationship"),
                  OPTIONS.relationship.map((x) => ({ value: x, label: t(`relationships.${x}`) })),
                )}
                {/* The phone verified at sign-in is the contact phone: shown, not typed again. */}
                <div className="space-y-1">
                  <p className="text-sm font-medium text-gray-700">{t("applicant.phone")}</p>
                  <p className="py-2 text-gray-800" data-testid="applicant-phone">
                    {d.phone ? t("applicant.phoneVerified", { phone: d.phone }) : null}
                  </p>
                  <ErrorList id="ap-phone-err" errors={err("phone")} />
                </div>
              </fieldset>
              <fieldset className="space-y-3">
                <legend className="font-medium">{t("applicant.visit")}</legend>
                {text("date", t("applicant.date"), { type: "date" })}
                {select(
                  "time",
                  t("applicant.time"),
                  TIMES.map((x) => ({ value: x, label: x })),
                )}
                <Field label={t("customers.fields.remarks")} htmlFor="ap-remarks" errors={err("remarks")}>
                  <textarea id="ap-remarks" name="remarks" rows={3} defaultValue={v.remarks ?? ""} className={control} />
                </Field>
              </fieldset>
              {result?.formError ? (
                <p role="alert" className="rounded bg-amber-50 p-3 text-amber-900" data-testid="applicant-form-error">
                  {result.formError}
                </p>
              ) : null}
              <Button type="submit" size="lg" className="w-full" disabled={nav.state === "submitting"} data-testid="applicant-submit">
                {t("applicant.submit")}
              </Button>
            </Form>
          </section>

          <section className="rounded border bg-white p-4" aria-labelledby="ap-mine">
            <h2 id="ap-mine" className="mb-2 text-lg font-medium">
              {t("applicant.mine")}
            </h2>
            {d.requests.length ? (
              <ul className="divide-y" data-testid="applicant-requests">
                {d.requests.map((r, i) => (
                  <li key={`${r.id}-${i}`} className="py-2">
                    <span className="font-medium" data-value>
                      {r.kidName}
                    </span>{" "}
                    · {r.stage}
                    {r.date ? (
                      <span className="block text-gray-700">
                        {r.date} {r.time} · {r.status}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-gray-600">{t("applicant.noRequests")}</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

/** The confirmation of a request just sent: a page of its own (issue 26, item 10). */
function Sent({ request, phone }: { request: IntroView["requests"][number]; phone: string | null }) {
  const { t } = useTranslation("admission");
  return (
    <div className="mx-auto w-full max-w-xl space-y-5 text-base" data-testid="applicant-sent">
      <ApplicantSteps current={3} />
      <section className="space-y-3 rounded border bg-white p-4" aria-labelledby="ap-sent">
        <h1 id="ap-sent" className="text-xl font-semibold">
          {t("applicant.sentTitle")}
        </h1>
        <p>{t("applicant.sentChild", { name: request.kidName })}</p>
        {request.date ? <p>{t("applicant.sentVisit", { date: request.date, time: request.time ?? "" })}</p> : null}
        {phone ? <p className="text-gray-700">{t("applicant.sentBody", { phone })}</p> : null}
      </section>
      <p>
        <a href={PAGE} className="inline-flex min-h-11 items-center text-primary hover:underline" data-testid="applicant-back">
          {t("applicant.back")}
        </a>
      </p>
    </div>
  );
}
