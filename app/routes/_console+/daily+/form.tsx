import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { pageAction } from "~/utils/page";
import { pageMeta } from "~/utils/meta";
import { fillableFormsLoader } from "./__forms.server";

/** /daily/form — the form templates of the caller's kindergarten that she may fill (dynamic forms, contract/dynamic-form.ts). */
export const loader = (args: LoaderFunctionArgs) => fillableFormsLoader(args);
/** This page takes no posts; a POST still meets the guard (403, else 405). */
export const action = /* @__PURE__ */ pageAction();
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["forms", "menu"]);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t("forms:fill.list")}
      </h1>
      {data.list.length ? (
        <div className="overflow-x-auto rounded-md bg-white shadow-sm ring-1 ring-gray-100">
          <table className="min-w-full text-sm" data-testid="fillable-forms">
            <thead className="bg-gray-50 text-left text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("forms:templates.fields.title")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("forms:templates.fields.description")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("forms:fill.submitted")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">{t("forms:fill.open")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((f) => (
                <tr key={f.id} className="border-t border-gray-100">
                  <th scope="row" className="px-4 py-2 text-left font-medium text-gray-800">
                    {f.title}
                  </th>
                  <td className="px-4 py-2 text-gray-600">{f.description}</td>
                  <td className="px-4 py-2 text-gray-600">{t("forms:fill.mine", { count: f.mine })}</td>
                  <td className="px-4 py-2 text-right">
                    <Link to={`/daily/form/${f.id}`} className="text-primary hover:underline" aria-label={`${t("forms:fill.open")} ${f.title}`}>
                      {t("forms:fill.open")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-gray-500">{t("forms:fill.empty")}</p>
      )}
    </div>
  );
}
