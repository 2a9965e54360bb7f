import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { actionMessageKey, actionOf, commentLabelOf, labelIn, stateDef } from "@contract/actions";
import type { ResourceView } from "@contract/resource-view";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import type { BulkActionData, RecordActionData, RecordActionResult } from "~/resources/types";
import { useResourceT } from "./i18n";
import { BulkSelection, CommentField } from "./record-actions";

/** `<page>/<id>/<action>`: the question, the comment field when declared, CSRF and the submit (no JavaScript needed). */
export function RecordActionPage({ def }: { def: ResourceView }) {
  const data = useLoaderData<RecordActionData>();
  const result = useActionData<RecordActionResult>();
  const { t, lang } = useResourceT();
  const label = labelIn(data.actionLabel, lang);
  const state = stateDef(def, data.state);
  return (
    <section className="max-w-xl space-y-4" data-testid={`${data.action}-page`}>
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {label}: {data.item.label}
      </h1>
      <Form method="post" className="space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100">
        <CsrfInput />
        {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
        <p className="text-sm text-gray-700">
          {data.allowed
            ? t(actionMessageKey(data.actionLabel, "confirm"), { action: label, record: data.item.label })
            : t("crud:recordActions.wrongState", {
                record: data.item.label,
                state: state ? labelIn(state.label, lang) : "?",
                action: label,
                states: actionOf(def, data.action)!
                  .from.map((s) => labelIn(stateDef(def, s)!.label, lang))
                  .join(" / "),
              })}
        </p>
        {result?.actionError ? (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid={`${data.action}-error`}>
            {result.actionError}
          </p>
        ) : null}
        {data.allowed && data.comment ? (
          <CommentField required={data.comment === "required"} label={commentLabelOf(actionOf(def, data.action))} error={result?.fieldErrors?.comment?.[0]} />
        ) : null}
        <div className="flex gap-2">
          {data.allowed ? (
            <Button type="submit" data-testid={`confirm-${data.action}`}>
              {label}
            </Button>
          ) : null}
          <Link to={`${def.page}${data.back}`} className={buttonVariants({ variant: "outline" })}>
            {t("crud:actions.back")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** `<page>/<action>?ids=…`: the bulk question without JavaScript (the selection, comment when declared, CSRF, submit). */
export function BulkActionPage({ def }: { def: ResourceView }) {
  const data = useLoaderData<BulkActionData>();
  const { t, lang } = useResourceT();
  const label = labelIn(data.actionLabel, lang);
  const field = def.states?.field ?? "state";
  const rows = data.items.map((i) => {
    const s = stateDef(def, i.state);
    return { ...i, row: { [field]: s ? (s.item ?? s.name) : null } };
  });
  return (
    <section className="max-w-xl space-y-4" data-testid={`bulk-${data.action}-page`}>
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t(actionMessageKey(data.actionLabel, "bulk"), { action: label })}
        </h1>
        <Link to={`${def.page}${data.back}`} className="text-sm text-primary hover:underline">
          {t("crud:actions.back")}
        </Link>
      </div>
      <Form method="post" className="space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100">
        <CsrfInput />
        {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
        {rows.length ? (
          <>
            <BulkSelection def={def} name={data.action} items={rows} />
            {data.comment ? <CommentField required={data.comment === "required"} label={commentLabelOf(actionOf(def, data.action))} /> : null}
            <div className="flex gap-2">
              <Button type="submit" data-testid={`confirm-bulk-${data.action}`}>
                {label}
              </Button>
              <Link to={`${def.page}${data.back}`} className={buttonVariants({ variant: "outline" })}>
                {t("crud:actions.cancel")}
              </Link>
            </div>
          </>
        ) : (
          <p className="text-sm text-gray-500" data-testid="none-selected">
            {t("crud:recordActions.noneSelected")}
          </p>
        )}
      </Form>
    </section>
  );
}
