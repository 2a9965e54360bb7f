import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ResourceSubPage } from "~/components/resource/pages";
import { lazyView } from "~/utils/lazy-view";
import { pageMeta } from "~/utils/meta";
import { formTemplateAction, formTemplateLoader, type Data, type Draft } from "./__forms.server";

/**
 * /daily/formTemplate sub-pages:
 *   /new, /<id>/edit   the builder: title, description and the fields (labels in both languages, kind, required,
 *                      options), added, removed and reordered WITHOUT JavaScript by submit buttons `name="intent"`
 *                      (add, remove:i, up:i, down:i) that answer the changed draft; `save` validates and saves
 *                      and the recipients (roles and classes, checkboxes; none ticked: everyone who may open /daily/form)
 *   /<id>              the template's answers: a per-field summary (computed by the API), then one column per field,
 *                      with the Excel export
 *   /<id>/delete       the resource engine's confirmation page
 * Loaders and actions: ./__forms.server.ts (the browser loads neither the schemas nor zod).
 */
export const loader = (args: LoaderFunctionArgs) => formTemplateLoader(args);
export const action = (args: ActionFunctionArgs) => formTemplateAction(args);
export const meta = pageMeta;

// The builder and the answers, each loaded only on its pages.
const Builder = lazyView(() => import("./__form-template-builder").then((m) => m.Builder));
const Answers = lazyView(() => import("./__form-template-answers").then((m) => m.Answers));

export default function Page() {
  const data = useLoaderData<Data | Record<string, unknown>>() as Partial<Data>;
  const actionData = useActionData<{ draft?: Draft; errors?: Record<string, string[]>; rev?: number }>();
  if (data.view === "answers" && data.answers) return <Answers page={data.page!} answers={data.answers} />;
  if (data.view === "builder") {
    const draft = actionData?.draft ?? data.draft!;
    // Keyed by the action's revision: after an intent the inputs start again from the answered draft.
    return (
      <Builder
        key={actionData?.rev ?? "initial"}
        page={data.page!}
        id={data.id ?? null}
        draft={draft}
        errors={actionData?.errors ?? {}}
        classes={data.classOptions ?? []}
      />
    );
  }
  return <ResourceSubPage />;
}
