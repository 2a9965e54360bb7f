import { Link, useLoaderData } from "@remix-run/react";
import { allFormFields, visibleFor, type ExportColumn, type ResourceView } from "@contract/resource-view";
import { formatCell, formatDateTime } from "@contract/resource-format";
import { labelIn, stateDef, type HistoryEntry } from "@contract/actions";
import { buttonVariants } from "~/components/ui/button";
import type { Item } from "~/resources/types";
import { useResourceT, rowAllows, subHref } from "./i18n";
import { ImagesGallery } from "./images-view";
import { RecordActionButtons, StateBadge } from "./record-actions";
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

/** The detail page's state, actions and history. */
function RecordStatePanel({ def, item, back }: { def: ResourceView; item: Item; back: string }) {
  const { t, lang } = useResourceT();
  if (!def.actions) return null;
  const history = (item.history as HistoryEntry[] | undefined) ?? [];
  const stateLabel = (s: string | null) => {
    const d = stateDef(def, s);
    return d ? labelIn(d.label, lang) : "—";
  };
  return (
    <div className="space-y-3 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100" data-testid="record-state">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-xs text-gray-500">{t("crud:recordActions.state")}</span>
        <StateBadge def={def} item={item} />
        {/* An action taken here comes back here (app/resources/actions.server.ts backOf), the list one "back" away. */}
        <RecordActionButtons def={def} item={item} back={`/${String(item.id)}${back ? `?back=${encodeURIComponent(back)}` : ""}`} place="detail" />
      </div>
      <h2 className="text-sm font-semibold text-gray-700">{t("crud:recordActions.history")}</h2>
      {history.length ? (
        <table className="w-full text-left text-sm" data-testid="record-history">
          <thead className="text-xs text-gray-500">
            <tr>
              <th className="py-1 pr-3 font-normal">{t("crud:recordActions.at")}</th>
              <th className="py-1 pr-3 font-normal">{t("crud:recordActions.by")}</th>
              <th className="py-1 pr-3 font-normal">{t("crud:recordActions.from")}</th>
              <th className="py-1 pr-3 font-normal">{t("crud:recordActions.to")}</th>
              <th className="py-1 font-normal">{t("crud:recordActions.comment")}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={i} className="border-t border-gray-100">
                <td className="py-1 pr-3 text-gray-600">{formatDateTime(h.at)}</td>
                <td className="py-1 pr-3">{h.byName ?? t("crud:recordActions.system")}</td>
                <td className="py-1 pr-3">{stateLabel(h.from)}</td>
                <td className="py-1 pr-3">{stateLabel(h.to)}</td>
                <td className="py-1 text-gray-600">{h.comment ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-gray-500">{t("crud:recordActions.noHistory")}</p>
      )}
    </div>
  );
}
