import { Link, useLoaderData } from "@remix-run/react";
import { allFormFields, visibleFor, type ExportColumn, type ResourceView } from "@contract/resource-view";
import { formatCell } from "@contract/resource-format";
import { buttonVariants } from "~/components/ui/button";
import type { Item } from "~/resources/types";
import { RecordStatePanel } from "./action-pages";
import { useResourceT, rowAllows, subHref } from "./i18n";
import { ImagesGallery } from "./images-view";
import { SUB_PAGE_CARD as card, SubPageHeader, type Of } from "./sub-page-header";

/** A record's detail page: its fields in groups, its state and history with the record actions, the edit link. */
export function DetailPage({ def }: { def: ResourceView }) {
  const data = useLoaderData<Of<"detail">>();
  const { t, lang } = useResourceT();
  const groups: { title?: string; fields: ExportColumn[] }[] =
    def.detail && def.detail !== true
      ? def.detail
      : [
          {
            fields: [
              ...def.columns.filter((c) => visibleFor(c.roles, data.roleId)),
              ...allFormFields(def)
                .filter(
                  (f) =>
                    visibleFor(f.roles, data.roleId) &&
                    !def.columns.some((c) => c.field === f.name) &&
                    !f.name.endsWith("Id") &&
                    !f.name.endsWith("Ids") &&
                    f.kind !== "password",
                )
                .map((f) => ({ field: f.name, label: f.label })),
            ],
          },
        ];
  return (
    <section className="max-w-3xl space-y-4" data-testid="detail-page">
      <SubPageHeader title={t("crud:form.detailTitle", { one: data.one })} back={data.back} def={def} />
      {groups.map((g, i) => (
        <div key={i} className={card}>
          {g.title ? <h2 className="text-sm font-semibold text-gray-700">{t(g.title)}</h2> : null}
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {g.fields.map((f) => (
              <div key={f.field}>
                <dt className="text-xs text-gray-500">{t(f.label)}</dt>
                <dd className="whitespace-pre-line text-sm text-gray-800" data-field={f.field}>
                  {f.format === "images" ? (
                    <ImagesGallery value={data.item[f.field]} />
                  ) : f.format === "image" && data.item[f.field] != null ? (
                    <img
                      src={`/files/${encodeURIComponent(String(data.item[f.field]))}?variant=thumb`}
                      alt={t("crud:files.thumbnail")}
                      className="h-20 w-20 rounded object-cover"
                    />
                  ) : (
                    formatCell(data.item[f.field], f, t, lang) || "—"
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      <RecordStatePanel def={def} item={data.item as Item} back={data.back} />
      {rowAllows(data.item as Item, "change") ? (
        <Link to={subHref(def, `${data.id}/edit`, data.back)} className={buttonVariants({})} data-testid="detail-edit">
          {t("crud:actions.edit")}
        </Link>
      ) : null}
    </section>
  );
}

/**
 * The detail page alone, for a hidden detail route (e.g. /evaluate/entrust/:id, whose loader answers only the detail
 * view): a module of its own, so that such a page's bundle holds neither the form nor the import page.
 */
export function ResourceDetailPage() {
  const data = useLoaderData<Of<"detail">>();
  return <DetailPage def={data.def} />;
}
