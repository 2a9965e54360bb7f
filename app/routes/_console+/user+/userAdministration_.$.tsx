import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { grantableRoles } from "@contract/user-roles";
import { CsrfInput } from "~/components/csrf-input";
import { ResourceSubPage } from "~/components/resource/pages";
import { useResourceT } from "~/components/resource/i18n";
import { useFormat } from "~/utils/format";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import type { SubData } from "~/resources/types";
import { pageMeta } from "~/utils/meta";
import { userCustomAction, userCustomLoader, userCustomOf, type PasswordData } from "./__users.server";

/**
 * /user/userAdministration/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import (the resource machinery),
 * the record actions /<id>/<action> and bulk /<action> (enable, disable), plus /<id>/password (reset).
 */
export async function loader(args: LoaderFunctionArgs) {
  const custom = userCustomOf(args.params["*"]);
  return custom ? userCustomLoader(args, custom) : resourceSubLoader("users")(args);
}
export async function action(args: ActionFunctionArgs) {
  const custom = userCustomOf(args.params["*"]);
  return custom ? userCustomAction(args, custom) : resourceSubAction("users")(args);
}
export const meta = pageMeta;

const card = "space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100";

function PasswordPage() {
  const data = useLoaderData<PasswordData>();
  const result = useActionData<{ errors: string[]; generated: string | null; message?: string }>();
  const { t } = useResourceT();
  const { withNote } = useFormat();
  return (
    <section className="max-w-xl space-y-4" data-testid="password-page">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("usermgmt:users.reset.title", { name: withNote(data.item.realName, data.item.phone) })}
        </h1>
        <Link to={`${data.page}${data.back}`} className="text-sm text-primary hover:underline">
          {t("crud:actions.back")}
        </Link>
      </div>
      {result?.generated ? (
        <div role="status" className={card} data-testid="generated-password">
          <p className="text-sm text-gray-700">{result.message}</p>
          <p className="text-sm text-gray-700">{t("usermgmt:users.reset.generated")}</p>
          <p className="select-all rounded bg-gray-50 px-3 py-2 font-mono text-lg tracking-wider text-gray-900" data-testid="generated-value">
            {result.generated}
          </p>
          <Link to={`${data.page}${data.back}`} className={buttonVariants({ variant: "outline" })}>
            {t("crud:actions.back")}
          </Link>
        </div>
      ) : (
        <Form method="post" className={card} autoComplete="off">
          <CsrfInput />
          {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
          <p className="text-sm text-gray-600">{t("usermgmt:users.reset.intro")}</p>
          <div>
            <label htmlFor="new-password" className="mb-1 block text-sm font-medium text-gray-700">
              {t("usermgmt:users.fields.newPassword")}
            </label>
            <Input
              id="new-password"
              type="password"
              name="password"
              autoComplete="new-password"
              aria-invalid={result?.errors.length ? true : undefined}
              aria-describedby="new-password-error"
            />
            <p className="mt-1 text-xs text-gray-500">{t("usermgmt:users.help.password")}</p>
            <div id="new-password-error" role="alert" data-testid="password-errors">
              <ErrorList errors={result?.errors ?? []} />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" data-testid="reset-submit">
              {t("usermgmt:users.actions.resetPassword")}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

export default function Page() {
  const data = useLoaderData<SubData | PasswordData>();
  if (data.view === "password") return <PasswordPage />;
  // The form and the import: which roles this administrator may grant (the form offers only those; the API refuses others).
  if (data.view === "create" || data.view === "edit" || data.view === "import")
    return <WithGrantableRoles roleId={data.roleId} withIds={data.view === "import"} />;
  return <ResourceSubPage />;
}

/** The resource page under a note of the grantable roles (with their ids on the import page, whose file gives ids). */
function WithGrantableRoles({ roleId, withIds }: { roleId: number; withIds: boolean }) {
  const { t } = useResourceT();
  const { list } = useFormat();
  const roles = list(
    grantableRoles(roleId).map((r) => (withIds ? `${r} ${t(`menu:role.${r}`)}` : t(`menu:role.${r}`))),
    "long",
  );
  return (
    <div className="space-y-3">
      <p className="max-w-3xl rounded bg-sky-50 px-3 py-2 text-xs text-sky-800 ring-1 ring-sky-100" data-testid="grantable-roles">
        {t("usermgmt:users.help.grant", { roles })}
      </p>
      <ResourceSubPage />
    </div>
  );
}
