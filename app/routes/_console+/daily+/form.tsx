import { Link, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { fillableForm } from "@contract/resources/form-templates";
import { useTranslation } from "~/utils/i18n-react";
import { pageAction, pageLoader } from "~/utils/page";
import { failureToast, settle, upstream } from "~/utils/upstream.server";
import { pageMeta } from "~/utils/meta";

/** /daily/form — the form templates of the caller's kindergarten that she may fill (dynamic forms, contract/dynamic-form.ts). */
export const loader = pageLoader(async ({ request }) => {
  const r = await settle(upstream(request).get("daily/forms/", { schema: z.object({ list: z.array(fillableForm) }) }));
  return { list: r.ok ? r.data.list : [], toast: r.ok ? null : failureToast(r) };
});
/** This page takes no posts; a POST still meets the guard (403, else 405). */
export const action = pageAction();
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
        <ul className="divide-y divide-gray-100 rounded-md bg-white shadow-sm ring-1 ring-gray-100" data-testid="fillable-forms">
          {data.list.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <div>
                <p className="font-medium text-gray-800">{f.title}</p>
                {f.description ? <p className="text-sm text-gray-500">{f.description}</p> : null}
                {f.mine ? <p className="text-xs text-gray-500">{t("forms:fill.mine", { n: f.mine })}</p> : null}
              </div>
              <Link to={`/daily/form/${f.id}`} className="text-sm text-primary hover:underline" aria-label={`${t("forms:fill.open")} ${f.title}`}>
                {t("forms:fill.open")}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-500">{t("forms:fill.empty")}</p>
      )}
    </div>
  );
}
