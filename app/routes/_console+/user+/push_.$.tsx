import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ResourceSubPage } from "~/components/resource/pages";
import { useResourceT } from "~/components/resource/i18n";
import { Button, buttonVariants } from "~/components/ui/button";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import type { RecordActionData, SubData } from "~/resources/types";
import { pageMeta } from "~/utils/meta";
import { pushCustomAction, pushCustomOf } from "./__users.server";

/**
 * /user/push/new, /<id>, /<id>/edit, /<id>/delete, /delete (the resource machinery: a draft is saved first),
 * /<id>/send (the record action's confirmation, then POST users/push/{id}/send/). "Send" on the unsaved new form answers
 * "save a draft first" (section 5); sending answers "select recipients" / "enter content" when they are missing.
 */
export async function loader(args: LoaderFunctionArgs) {
  return resourceSubLoader("pushNotifications")(args);
}
export async function action(args: ActionFunctionArgs) {
  const custom = pushCustomOf(args.params["*"]);
  if (custom) return pushCustomAction(args, custom);
  // "Send" pressed on the new (unsaved) form: nothing is written, the answer is "save a draft first".
  if ((args.params["*"] ?? "").replace(/\/+$/, "") === "new") {
    const peek = await args.request.clone().formData();
    if (peek.get("intent") === "send") return pushCustomAction(args, { kind: "send", id: null });
  }
  return resourceSubAction("pushNotifications")(args);
}
export const meta = pageMeta;

/** Under the new form: "Send" before a draft exists is refused with "save a draft first". */
function SendUnsaved() {
  const result = useActionData<{ sendError?: string }>();
  const { t } = useResourceT();
  return (
    <Form method="post" className="max-w-3xl space-y-2" data-testid="send-unsaved">
      <CsrfInput />
      <input type="hidden" name="intent" value="send" />
      {result?.sendError ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="send-error">
          {result.sendError}
        </p>
      ) : null}
      <Button type="submit" variant="outline" data-testid="send-unsaved-button">
        {t("usermgmt:pushNotifications.actions.send")}
      </Button>
    </Form>
  );
}

export default function Page() {
  const data = useLoaderData<SubData | RecordActionData>();
  const draftId = data.view === "edit" && data.item && data.item.status === "draft" ? Number(data.item.id) : null;
  return (
    <div className="space-y-4">
      <ResourceSubPage />
      {data.view === "create" ? <SendUnsaved /> : null}
      {draftId ? <SendLink page={data.def.page} id={draftId} back={data.back} /> : null}
    </div>
  );
}

/** On a draft's edit page: go to the send confirmation (the detail page offers it with the state and history). */
function SendLink({ page, id, back }: { page: string; id: number; back: string }) {
  const { t } = useResourceT();
  return (
    <Link
      to={`${page}/${id}/send${back ? `?back=${encodeURIComponent(back)}` : ""}`}
      className={buttonVariants({ variant: "outline" })}
      data-testid="send-link"
    >
      {t("usermgmt:pushNotifications.actions.send")}
    </Link>
  );
}
