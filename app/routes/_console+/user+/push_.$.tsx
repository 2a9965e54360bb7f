import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { pushNotifications } from "@contract/resources/push-notifications";
import { CsrfInput } from "~/components/csrf-input";
import { ResourceSubPage } from "~/components/resource/pages";
import { useResourceT } from "~/components/resource/i18n";
import { Button, buttonVariants } from "~/components/ui/button";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import type { SubData } from "~/resources/types";
import { pageMeta } from "~/utils/meta";
import { pushCustomAction, pushCustomLoader, pushCustomOf, type SendData } from "./__users.server";

/**
 * /user/push/new, /<id>, /<id>/edit, /<id>/delete, /delete (the resource machinery: a draft is saved first),
 * /<id>/send (confirmation, then POST users/push/{id}/send/). "Send" on the unsaved new form answers
 * "save a draft first" (section 5); sending answers "select recipients" / "enter content" when they are missing.
 */
export async function loader(args: LoaderFunctionArgs) {
  const custom = pushCustomOf(args.params["*"]);
  return custom ? pushCustomLoader(args, custom) : resourceSubLoader(pushNotifications)(args);
}
export async function action(args: ActionFunctionArgs) {
  const custom = pushCustomOf(args.params["*"]);
  if (custom) return pushCustomAction(args, custom);
  // "Send" pressed on the new (unsaved) form: nothing is written, the answer is "save a draft first".
  if ((args.params["*"] ?? "").replace(/\/+$/, "") === "new") {
    const peek = await args.request.clone().formData();
    if (peek.get("intent") === "send") return pushCustomAction(args, { kind: "send", id: null });
  }
  return resourceSubAction(pushNotifications)(args);
}
export const meta = pageMeta;

const card = "space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100";

function SendPage() {
  const data = useLoaderData<SendData>();
  const result = useActionData<{ sendError?: string }>();
  const { t } = useResourceT();
  return (
    <section className="max-w-xl space-y-4" data-testid="send-page">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t("usermgmt:pushNotifications.send.title", { name: data.item.title })}
      </h1>
      <Form method="post" className={card}>
        <CsrfInput />
        {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
        {data.item.status === "draft" ? (
          <p className="text-sm text-gray-700">{t("usermgmt:pushNotifications.send.confirm")}</p>
        ) : (
          <p className="text-sm text-gray-700">{t("usermgmt:pushNotifications.errors.alreadySent")}</p>
        )}
        {result?.sendError ? (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="send-error">
            {result.sendError}
          </p>
        ) : null}
        <div className="flex gap-2">
          {data.item.status === "draft" ? (
            <Button type="submit" data-testid="confirm-send">
              {t("usermgmt:pushNotifications.actions.send")}
            </Button>
          ) : null}
          {data.item.status === "draft" ? (
            <Link to={`${pushNotifications.page}/${data.item.id}/edit${data.back ? `?back=${encodeURIComponent(data.back)}` : ""}`} className={buttonVariants({ variant: "outline" })}>
              {t("crud:actions.edit")}
            </Link>
          ) : null}
          <Link to={`${pushNotifications.page}${data.back}`} className={buttonVariants({ variant: "outline" })}>
            {t("crud:actions.back")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

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

/** On a draft's edit and detail pages: go to the send confirmation. */
function SendLink({ id, back }: { id: number; back: string }) {
  const { t } = useResourceT();
  return (
    <Link to={`${pushNotifications.page}/${id}/send${back ? `?back=${encodeURIComponent(back)}` : ""}`} className={buttonVariants({ variant: "outline" })} data-testid="send-link">
      {t("usermgmt:pushNotifications.actions.send")}
    </Link>
  );
}

export default function Page() {
  const data = useLoaderData<SubData | SendData>();
  if (data.view === "send") return <SendPage />;
  const draftId = (data.view === "edit" || data.view === "detail") && data.item && data.item.status === "draft" ? Number(data.item.id) : null;
  return (
    <div className="space-y-4">
      <ResourceSubPage def={pushNotifications} />
      {data.view === "create" ? <SendUnsaved /> : null}
      {draftId ? <SendLink id={draftId} back={data.back} /> : null}
    </div>
  );
}
