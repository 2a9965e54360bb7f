import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { formatDateTime } from "@contract/resource-format";
import { ResourceFormPage } from "~/components/resource/form";
import { pageMeta } from "~/utils/meta";
import { punchSettingAction, punchSettingLoader } from "./__kindergarten.server";

/**
 * /kindergarten/punch_setting — the punch-in setting of the current kindergarten (one per
 * kindergarten), edited in place with the generic resource form: WiFi name, up to 5 MAC addresses
 * (one per line, xx:xx:xx:xx:xx:xx), work start and end, enabled. The rules live in the shared schema
 * (contract/resources/punch-settings.ts), so the console and the API give the same field messages.
 */
export const loader = (args: LoaderFunctionArgs) => punchSettingLoader(args);
export const action = (args: ActionFunctionArgs) => punchSettingAction(args);
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>() as unknown as { updatedAt: string | null; kindergartenName: string };
  const { t } = useTranslation("kgmgmt");
  return (
    <div className="space-y-3">
      <p className="max-w-3xl text-sm text-gray-600" data-testid="punch-setting-intro">
        <strong className="font-medium text-gray-800">{data.kindergartenName}</strong> · {t("punchSettings.intro")}
        {data.updatedAt ? <span className="ml-2 text-gray-500">{t("punchSettings.updatedAt", { at: formatDateTime(data.updatedAt) })}</span> : null}
      </p>
      {/* Keyed by the save time: after a save the form starts again from the saved values. */}
      <ResourceFormPage key={data.updatedAt ?? "new"} inPlace />
    </div>
  );
}
