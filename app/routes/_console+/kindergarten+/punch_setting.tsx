import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { formatDateTime } from "@contract/resource-format";
import { punchSettingItem, punchSettings } from "@contract/resources/punch-settings";
import { ResourceFormPage } from "~/components/resource/form";
import { editFormAction, editFormData } from "~/resources/edit-form.server";
import { forbidden, notFound } from "~/utils/permissions.server";
import { pageAction, pageLoader } from "~/utils/page";
import { settle, upstream } from "~/utils/upstream.server";
import { pageMeta } from "~/utils/meta";

/**
 * /kindergarten/punch_setting — the punch-in setting of the current kindergarten (one per
 * kindergarten), edited in place with the generic resource form: WiFi name, up to 5 MAC addresses
 * (one per line, xx:xx:xx:xx:xx:xx), work start and end, enabled. The rules live in the shared schema
 * (contract/resources/punch-settings.ts), so the console and the API give the same field messages.
 */
export const loader = pageLoader(async ({ request, user, page }) => {
  const r = await settle(upstream(request).get(punchSettings.endpoint, { schema: punchSettingItem }));
  if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
  const data = await editFormData(request, punchSettings, page, user, { id: r.data.id, item: r.data });
  return { ...data, updatedAt: r.data.updatedAt, kindergartenName: r.data.kindergartenName };
});
export const action = pageAction(({ request, user }) =>
  editFormAction(request, punchSettings, user, { path: punchSettings.endpoint, redirectTo: punchSettings.page }),
);
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
