import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { ResourceListPage } from "~/components/resource/list";
import { pageMeta } from "~/utils/meta";
import { punchLoader } from "./__kindergarten.server";

/**
 * /kindergarten/punch — teachers' punch-in records (contract/resources/punch-records.ts): filter by
 * teacher and date range, late/early marked against the punch-in setting, export. The setting's
 * times are shown above the list. The setting is read at the same time as the list (one round trip less);
 * when the list's guard refuses (login, 403), that refusal is the answer and the setting is not used.
 */
export const loader = (args: LoaderFunctionArgs) => punchLoader(args);
export const meta = pageMeta;

export default function Page() {
  const { setting } = useLoaderData<typeof loader>() as { setting: { workStart: string; workEnd: string } | null };
  const { t } = useTranslation("kgmgmt");
  return (
    <ResourceListPage
      toolbar={
        <span className="text-sm text-gray-600" data-testid="punch-standard">
          {setting ? t("punchRecords.setting", { start: setting.workStart, end: setting.workEnd }) : t("punchRecords.noSetting")}{" "}
          <Link to="/kindergarten/punch_setting" className="text-primary underline">
            {t("punchSettings.title")}
          </Link>
        </span>
      }
    />
  );
}
