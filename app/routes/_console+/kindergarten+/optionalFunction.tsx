import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { pageAction } from "~/utils/page";
import { pageMeta } from "~/utils/meta";
import { GroupFilterForm } from "~/components/resource/group-filter-form";
import { optionalFunctionsLoader } from "./__kindergarten.server";

/**
 * /kindergarten/optionalFunction — choose a kindergarten (optionally of one group), then edit its
 * optional functions at /kindergarten/optionalFunction/<id>/edit. A plain GET filter form.
 */
/** This page takes no posts; a POST still meets the guard (403, else 405). */
export const action = /* @__PURE__ */ pageAction();
export const loader = (args: LoaderFunctionArgs) => optionalFunctionsLoader(args);
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["kgmgmt", "crud"]);
  return (
    <section className="space-y-4" data-testid="optional-function-list">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t("optionalFunctions.title")}
      </h1>
      <p className="text-sm text-gray-600">{t("optionalFunctions.intro")}</p>
      <GroupFilterForm group={data.group} groups={data.groups} />
      {data.error ? <p className="text-sm text-red-600">{data.error}</p> : null}
      <div className="overflow-x-auto rounded-md bg-white shadow-sm ring-1 ring-gray-100">
        <table className="min-w-full text-sm">
          <thead className="bg-gray-50 text-left text-gray-600">
            <tr>
              <th className="px-3 py-2 font-medium">{t("statistics.kindergarten")}</th>
              <th className="px-3 py-2 font-medium">{t("statistics.group")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("optionalFunctions.showOn")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("optionalFunctions.hideOn")}</th>
              <th className="px-3 py-2 font-medium">
                <span className="sr-only">{t("crud:list.actions", { defaultValue: "" })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-gray-500">
                  {t("optionalFunctions.empty")}
                </td>
              </tr>
            ) : (
              data.rows.map((r) => (
                <tr key={r.kindergartenId} className="border-t border-gray-100" data-testid={`of-row-${r.kindergartenId}`}>
                  <td className="px-3 py-2">{r.kindergartenName}</td>
                  <td className="px-3 py-2 text-gray-600">{r.groupName}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.showOn}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.hideOn}</td>
                  <td className="px-3 py-2 text-right">
                    <Link
                      to={`/kindergarten/optionalFunction/${r.kindergartenId}/edit${data.group ? `?back=${encodeURIComponent(`?educationGroupId=${data.group}`)}` : ""}`}
                      className="text-primary hover:underline"
                    >
                      {t("optionalFunctions.edit")}
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
