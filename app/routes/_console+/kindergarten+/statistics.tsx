import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { statisticsSchema, type Statistics } from "@contract/entities/statistics";
import { BarChart } from "~/components/charts/bar-chart";
import { LineChart } from "~/components/charts/line-chart";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { pageAction, pageLoader } from "~/utils/page";
import { settle, upstream } from "~/utils/upstream.server";
import { pageMeta } from "~/utils/meta";
import { GroupFilterForm } from "~/components/resource/group-filter-form";
import { groupFilter } from "~/resources/group-filter.server";


/**
 * /kindergarten/statistics — per group and per kindergarten: classes, students, teachers and the
 * attendance rate; charts rendered on the server as inline SVG (readable without JavaScript), each
 * with a title, a description and its data table. Filter by group with a plain GET form.
 */
/** This page takes no posts; a POST still meets the guard (403, else 405). */
export const action = pageAction();
export const loader = pageLoader(async ({ request }) => {
  const { group, query, groups: groupsLoading } = groupFilter(request);
  const [stats, groups] = await Promise.all([settle(upstream(request).get("statistics/kindergartens/", { query, schema: statisticsSchema })), groupsLoading]);
  return { group, stats: stats.ok ? stats.data : null, error: stats.ok ? null : stats.error, groups };
});
export const meta = pageMeta;

const COLORS = { classes: "#409EFF", students: "#67C23A", teachers: "#E6A23C", rate: "#409EFF" };
const pct = (v: number | null) => (v == null ? "—" : `${v}%`);

function Table({ caption, head, rows, testId }: { caption: string; head: string[]; rows: (string | number)[][]; testId?: string }) {
  return (
    <table className="min-w-full text-sm" data-testid={testId}>
      <caption className="py-1 text-left text-xs font-medium text-gray-500">{caption}</caption>
      <thead className="bg-gray-50 text-left text-gray-600">
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col" className={`px-3 py-1.5 font-medium ${i ? "text-right" : ""}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-t border-gray-100">
            {r.map((c, j) =>
              j === 0 ? (
                <th key={j} scope="row" className="px-3 py-1.5 text-left font-normal text-gray-800">
                  {c}
                </th>
              ) : (
                <td key={j} className="px-3 py-1.5 text-right tabular-nums">
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
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

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("kgmgmt");
  const s = data.stats as Statistics | null;
  const en = i18n.language === "en";
  const nameOf = (x: { name: string; nameEn: string | null }) => (en && x.nameEn ? x.nameEn : x.name);
  const countsHead = [t("statistics.kindergarten"), t("statistics.classes"), t("statistics.students"), t("statistics.teachers"), t("statistics.attendanceRate")];

  return (
    <div className="space-y-4" data-testid="statistics">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t("statistics.title")}
      </h1>
      <GroupFilterForm group={data.group} groups={data.groups}>
        {s ? <p className="ml-auto text-xs text-gray-500">{t("statistics.window", { from: s.from, to: s.to })}</p> : null}
      </GroupFilterForm>
      {data.error ? <p className="text-sm text-red-600">{data.error}</p> : null}
      {s ? (
        <>
          <Panel title={t("statistics.byGroup")}>
            <Table
              caption={t("statistics.byGroup")}
              testId="stats-groups"
              head={[t("statistics.group"), t("statistics.kindergartens"), t("statistics.classes"), t("statistics.students"), t("statistics.teachers"), t("statistics.attendanceRate")]}
              rows={s.groups.map((g) => [nameOf(g), g.kindergartens, g.classes, g.students, g.teachers, pct(g.attendanceRate)])}
            />
          </Panel>
          <Panel title={t("statistics.chartCounts")}>
            <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <BarChart
                title={t("statistics.chartCounts")}
                description={t("statistics.chartCountsDesc")}
                categories={s.kindergartens.map(nameOf)}
                series={[
                  { key: "classes", label: t("statistics.classes"), color: COLORS.classes },
                  { key: "students", label: t("statistics.students"), color: COLORS.students },
                  { key: "teachers", label: t("statistics.teachers"), color: COLORS.teachers },
                ]}
                values={s.kindergartens.map((k) => [k.classes, k.students, k.teachers])}
              />
              <Table
                caption={t("statistics.dataTable")}
                testId="stats-kindergartens"
                head={countsHead}
                rows={s.kindergartens.map((k) => [nameOf(k), k.classes, k.students, k.teachers, pct(k.attendanceRate)])}
              />
            </div>
          </Panel>
          <Panel title={t("statistics.chartRateByKg")}>
            <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <BarChart
                title={t("statistics.chartRateByKg")}
                description={t("statistics.chartRateByKgDesc")}
                categories={s.kindergartens.map(nameOf)}
                series={[{ key: "rate", label: t("statistics.attendanceRate"), color: COLORS.rate }]}
                values={s.kindergartens.map((k) => [k.attendanceRate ?? 0])}
                unit="%"
                max={100}
                height={240}
              />
              <Table
                caption={t("statistics.dataTable")}
                head={[t("statistics.kindergarten"), t("statistics.present"), t("statistics.total"), t("statistics.attendanceRate")]}
                rows={s.kindergartens.map((k) => [nameOf(k), k.attendancePresent, k.attendanceTotal, pct(k.attendanceRate)])}
              />
            </div>
          </Panel>
          <Panel title={t("statistics.chartAttendance")}>
            <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              {s.daily.length ? (
                <LineChart
                  title={t("statistics.chartAttendance")}
                  description={t("statistics.chartAttendanceDesc", { from: s.from, to: s.to })}
                  points={s.daily.map((d) => ({ label: d.date, value: d.rate }))}
                  unit="%"
                />
              ) : (
                <p className="text-sm text-gray-500">{t("statistics.noData")}</p>
              )}
              <ScrollRegion label={t("statistics.chartAttendance")} className="max-h-72">
                <Table
                  caption={t("statistics.dataTable")}
                  testId="stats-daily"
                  head={[t("statistics.date"), t("statistics.present"), t("statistics.total"), t("statistics.attendanceRate")]}
                  rows={s.daily.map((d) => [d.date, d.present, d.total, pct(d.rate)])}
                />
              </ScrollRegion>
            </div>
          </Panel>
        </>
      ) : null}
    </div>
  );
}
