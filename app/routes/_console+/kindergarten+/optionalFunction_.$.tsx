import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { ResourceFormPage } from "~/components/resource/form";
import { pageMeta } from "~/utils/meta";
import { optionalFunctionAction, optionalFunctionLoader } from "./__kindergarten.server";

/**
 * /kindergarten/optionalFunction/<id>/edit — every flag (show flags, hide flags, each with what it does)
 * and the further settings of one kindergarten, native checkboxes and number inputs validated with the
 * shared schema. Saving applies to that kindergarten's users at their next request.
 */
export const loader = (args: LoaderFunctionArgs) => optionalFunctionLoader(args);
export const action = (args: ActionFunctionArgs) => optionalFunctionAction(args);
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>() as unknown as { kindergartenName: string };
  const { t } = useTranslation("kgmgmt");
  return (
    <div className="space-y-3">
      <p className="text-base font-medium text-gray-800" data-testid="of-kindergarten">
        {t("optionalFunctions.editTitle", { name: data.kindergartenName })}
      </p>
      <p className="max-w-3xl text-sm text-gray-600">{t("optionalFunctions.intro")}</p>
      <ResourceFormPage />
    </div>
  );
}
