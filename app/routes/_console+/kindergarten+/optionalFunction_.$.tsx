import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { optionalFunctionItem, optionalFunctions } from "@contract/resources/optional-functions";
import { ResourceFormPage } from "~/components/resource/form";
import { editFormAction, editFormData } from "~/resources/edit-form.server";
import { forbidden, notFound } from "~/utils/permissions.server";
import { pageAction, pageLoader } from "~/utils/page";
import { settle, upstream } from "~/utils/upstream.server";
import { pageMeta } from "~/utils/meta";

/**
 * /kindergarten/optionalFunction/<id>/edit — every flag (show flags, hide flags, each with what it does)
 * and the further settings of one kindergarten, native checkboxes and number inputs validated with the
 * shared schema. Saving applies to that kindergarten's users at their next request.
 */
const idOf = (splat: string | undefined) => {
  const m = /^(\d{1,9})\/edit\/?$/.exec(splat ?? "");
  if (!m) throw notFound();
  return Number(m[1]);
};
const backOf = (url: string) => {
  const b = new URL(url).searchParams.get("back") ?? "";
  return b.startsWith("?") ? b : "";
};

export const loader = pageLoader(async ({ request, params, user, page }) => {
  const id = idOf(params["*"]);
  const r = await settle(upstream(request).get(`kindergartens/${id}/optional_function/`, { schema: optionalFunctionItem }));
  if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
  const data = await editFormData(request, optionalFunctions, page, user, { id, item: r.data, back: backOf(request.url) });
  return { ...data, kindergartenName: r.data.kindergartenName };
});
export const action = pageAction(async ({ request, params, user }) => {
  const id = idOf(params["*"]);
  const back = String((await request.clone().formData()).get("back") ?? "");
  return editFormAction(request, optionalFunctions, user, {
    path: `kindergartens/${id}/optional_function/`,
    redirectTo: optionalFunctions.page + (back.startsWith("?") ? back : ""),
  });
});
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
