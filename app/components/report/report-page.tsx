import { Form } from "@remix-run/react";
import type * as React from "react";
import { chartLabels, formatReportValue, type ReportRow, type ReportSectionView, type ReportView } from "@contract/report-view";
import { todayCn } from "@contract/daily/time";
import { useTranslation } from "~/utils/i18n-react";
import { BarChart } from "~/components/charts/bar-chart";
import { LineChart } from "~/components/charts/line-chart";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect, Input } from "~/components/ui/input";

/** What app/components/report/report.server.ts `loadReport` answers. */
export interface ReportPageData {
  values: Record<string, string>;
  options: Record<string, { value: number; label: string }[]>;
  /** The report as rendered (sections with their rows), computed by the loader. */
  view: ReportView;
  error: string | null;
  fieldErrors: Record<string, string[]>;
}

type T = (key: string, options?: Record<string, unknown>) => string;

function Table({ caption, section, rows, lang, t }: { caption: string; section: ReportSectionView; rows: ReportRow[]; lang: "zh" | "en"; t: T }) {
  return (
    <table className="min-w-full text-sm" data-testid={section.testId}>
      <caption className="py-1 text-left text-xs font-medium text-gray-500">{caption}</caption>
      <thead className="bg-gray-50 text-left text-gray-600">
        <tr>
          {section.columns.map((c, i) => (
            <th key={c.key} scope="col" className={`px-3 py-1.5 font-medium ${i ? "text-right" : ""}`}>
              {t(c.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-t border-gray-100">
            {section.columns.map((c, j) =>
              j === 0 ? (
                <th key={c.key} scope="row" className={`px-3 py-1.5 text-left font-normal text-gray-800 ${c.format === "date" ? "whitespace-nowrap" : ""}`}>
                  {formatReportValue(r[c.key], c.format, lang)}
                </th>
              ) : (
                <td key={c.key} className="px-3 py-1.5 text-right tabular-nums">
                  {formatReportValue(r[c.key], c.format, lang)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Chart({
  section,
  rows,
  vars,
  t,
  lang,
}: {
  section: ReportSectionView;
  rows: ReportRow[];
  vars: Record<string, string | number>;
  t: T;
  lang: "zh" | "en";
}) {
  const c = section.chart!;
  const labels = chartLabels(
    rows.map((r) => r[c.x]),
    section.columns.find((col) => col.key === c.x)?.format,
    lang,
  );
  const title = t(c.title, vars);
  const description = t(c.description, vars);
  if (!rows.length) return <p className="text-sm text-gray-500">{t("reports:noData")}</p>;
  if (c.kind === "line") {
    const today = c.partialToday ? rows.findIndex((r) => r[c.x] === todayCn()) : -1;
    return (
      <LineChart
        title={title}
        description={description}
        labels={labels}
        series={c.series.map((s) => ({ label: t(s.label), color: s.color, values: rows.map((r) => (r[s.key] == null ? null : Number(r[s.key]))) }))}
        partialIndex={today >= 0 ? today : null}
        partialLabel={t("reports:partialToday")}
        unit={c.unit}
        height={c.height}
      />
    );
  }
  return (
    <BarChart
      title={title}
      description={description}
      categories={labels}
      series={c.series.map((s) => ({ key: s.key, label: t(s.label), color: s.color }))}
      values={rows.map((r) => c.series.map((s) => Number(r[s.key] ?? 0)))}
      unit={c.unit}
      max={c.max}
      height={c.height}
    />
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100">
      <h2 className="mb-3 text-base font-semibold text-gray-800">{title}</h2>
      {children}
    </section>
  );
}

/**
 * A report page from its definition (contract/report.ts): a plain GET filter form (works without JavaScript),
 * the Excel link (`<page>/export?<same parameters>`), and per section its table and its chart, rendered on the
 * server as inline SVG with a title and a description (`role="img"`), each next to its data table.
 */
export function ReportPage({ data, testId }: { data: ReportPageData; testId?: string }) {
  const { t, i18n } = useTranslation(["reports", "kgmgmt", "crud"]);
  const lang = i18n.language === "en" ? "en" : "zh";
  const def = data.view;
  const vars = def.vars;
  const exportQuery = new URLSearchParams(data.values).toString();
  const fields = def.params.filter((p) => p.inForm !== false);

  return (
    <div className="space-y-4" data-testid={testId ?? `report-${def.id}`}>
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t(def.title)}
      </h1>
      <Form method="get" className="flex flex-wrap items-end gap-2 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" data-testid="report-filter">
        {fields.map((p) => {
          const errors = data.fieldErrors[p.name] ?? [];
          const errId = `report-${p.name}-error`;
          return (
            <label key={p.name} className="flex flex-col gap-1 text-sm text-gray-700">
              {t(p.label)}
              {p.kind === "group" || p.kind === "kindergarten" ? (
                <NativeSelect
                  name={p.name}
                  defaultValue={data.values[p.name] ?? ""}
                  fit
                  className="w-60"
                  aria-invalid={errors.length ? true : undefined}
                  aria-describedby={errors.length ? errId : undefined}
                >
                  <option value="" data-vocab="">
                    {t(p.empty ?? "reports:all")}
                  </option>
                  {(data.options[p.name] ?? []).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <Input
                  type={p.kind === "period" ? "month" : "date"}
                  name={p.name}
                  defaultValue={data.values[p.name] ?? ""}
                  fit
                  className="w-44"
                  aria-invalid={errors.length ? true : undefined}
                  aria-describedby={errors.length ? errId : undefined}
                />
              )}
              {errors.length ? (
                <span id={errId} className="text-xs text-red-600">
                  {errors.join(" ")}
                </span>
              ) : null}
            </label>
          );
        })}
        <Button type="submit" variant="outline">
          {t("reports:apply")}
        </Button>
        <a
          href={`${def.page}/export${exportQuery ? `?${exportQuery}` : ""}`}
          className={buttonVariants({ variant: "outline" })}
          data-testid="report-export"
          download
        >
          {t("reports:exportExcel")}
        </a>
        {def.sections && def.summary ? <p className="ml-auto text-xs text-gray-500">{t(def.summary, vars)}</p> : null}
      </Form>
      {data.error && !Object.keys(data.fieldErrors).length ? (
        <p className="text-sm text-red-600" role="alert">
          {data.error}
        </p>
      ) : null}
      {def.sections
        ? def.sections.map((s) => {
            const rows = s.rows;
            const caption = t(s.caption ?? s.title, vars);
            const table = <Table caption={caption} section={s} rows={rows} lang={lang} t={t} />;
            return (
              <Panel key={s.id} title={t(s.title, vars)}>
                {s.chart ? (
                  // Side by side when the table is narrow; a wider table goes under its chart, whole.
                  <div className={`grid gap-4 ${s.columns.length <= 3 ? "xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" : ""}`}>
                    <Chart section={s} rows={rows} vars={vars} t={t} lang={lang} />
                    {s.scroll ? (
                      <ScrollRegion label={t(s.title, vars)} className="max-h-72">
                        {table}
                      </ScrollRegion>
                    ) : (
                      table
                    )}
                  </div>
                ) : (
                  table
                )}
              </Panel>
            );
          })
        : null}
    </div>
  );
}
