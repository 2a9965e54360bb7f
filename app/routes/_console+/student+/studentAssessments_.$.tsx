import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ResourceSubPage } from "~/components/resource/pages";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { assessCustomAction, assessCustomLoader, assessCustomOf, type SheetData, type SummaryData } from "./__assessments.server";

/** /student/studentAssessments/new, /<id>/edit, /<id>/delete (the resource machinery), /<id>/score and /summary. */
export async function loader(args: LoaderFunctionArgs) {
  const custom = assessCustomOf(args.params["*"]);
  return custom ? assessCustomLoader(args, custom) : resourceSubLoader("studentAssessments")(args);
}
export async function action(args: ActionFunctionArgs) {
  const custom = assessCustomOf(args.params["*"]);
  return custom ? assessCustomAction(args, custom) : resourceSubAction("studentAssessments")(args);
}
export const meta = pageMeta;

const card = "space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100";
const COLORS = ["#409EFF", "#67C23A", "#E6A23C"];

/** A bar chart as inline SVG (rendered on the server; <title>/<desc> for screen readers), values in percent. */
function Bars({ title, desc, bars, testId }: { title: string; desc: string; bars: { label: string; value: number | null; color: string }[]; testId: string }) {
  const w = Math.max(240, bars.length * 56 + 40);
  const h = 180;
  const bw = 36;
  return (
    <svg viewBox={`0 0 ${w} ${h + 40}`} width={w} height={h + 40} role="img" aria-labelledby={`${testId}-t ${testId}-d`} data-testid={testId}>
      <title id={`${testId}-t`}>{title}</title>
      <desc id={`${testId}-d`}>{desc}</desc>
      <line x1={30} y1={h} x2={w - 10} y2={h} stroke="#ccc" />
      {[0, 50, 100].map((v) => (
        <text key={v} x={26} y={h - (v / 100) * (h - 20) + 4} fontSize={10} textAnchor="end" fill="#606266">
          {v}%
        </text>
      ))}
      {bars.map((b, i) => {
        const x = 40 + i * 56;
        const bh = b.value == null ? 0 : (Math.min(100, b.value) / 100) * (h - 20);
        return (
          <g key={i}>
            <rect x={x} y={h - bh} width={bw} height={bh} fill={b.color} />
            <text x={x + bw / 2} y={h - bh - 4} fontSize={10} textAnchor="middle" fill="#303133">
              {b.value == null ? "—" : `${b.value}%`}
            </text>
            <text x={x + bw / 2} y={h + 14} fontSize={10} textAnchor="middle" fill="#606266">
              {b.label.length > 8 ? b.label.slice(0, 8) + "…" : b.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function ScorePage({ data }: { data: SheetData }) {
  const { t } = useTranslation(["assessment", "crud"]);
  const result = useActionData<{ errors?: Record<string, string[]>; values?: Record<string, string> }>();
  const e = result?.errors ?? {};
  const a = data.assessment;
  const max = data.items.reduce((s, i) => s + i.maxScore, 0);
  const progressDesc = data.progress.map((p) => `${t(`assessment:times.${p.time}`)}: ${p.rate == null ? "—" : `${p.rate}%`}`).join("; ");
  return (
    <section className="max-w-4xl space-y-4" data-testid="score-page">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {a.studentName} · {a.className} · {a.schoolYear} {t(`assessment:times.${a.time}`)}
        </h1>
        <Link to="/student/studentAssessments" className="text-sm text-primary hover:underline">
          {t("crud:actions.back")}
        </Link>
      </div>
      <div className={card}>
        <h2 className="text-base font-semibold text-gray-800">{t("assessment:students.progress")}</h2>
        <Bars
          testId="progress-chart"
          title={t("assessment:students.chartTitle", { name: a.studentName })}
          desc={progressDesc}
          bars={data.progress.map((p, i) => ({ label: t(`assessment:times.${p.time}`), value: p.rate, color: COLORS[i]! }))}
        />
        <table className="text-sm">
          <tbody>
            {data.progress.map((p) => (
              <tr key={p.time}>
                <th scope="row" className="pr-4 text-left font-normal text-gray-600">
                  {t(`assessment:times.${p.time}`)}
                </th>
                <td>{p.score == null ? "—" : `${p.score} / ${p.max}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.items.length === 0 ? (
        <p className={card}>{t("assessment:students.noItems")}</p>
      ) : (
        <Form method="post" className={card} data-testid="score-form">
          <CsrfInput />
          <ErrorList errors={e._} />
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-gray-600">
                <th className="py-1">{t("assessment:fields.category")}</th>
                <th>{t("assessment:fields.objective")}</th>
                <th>{t("assessment:checklists.content")}</th>
                <th className="text-right">{t("assessment:students.score")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr key={i.id} className="border-t border-gray-100 align-top">
                  <td className="py-1">{i.category}</td>
                  <td>{i.objective}</td>
                  <td>
                    <label htmlFor={`score_${i.id}`}>{i.content}</label>
                    <ErrorList errors={e[`score_${i.id}`]} />
                  </td>
                  <td className="text-right">
                    {data.canScore ? (
                      <input
                        id={`score_${i.id}`}
                        name={`score_${i.id}`}
                        type="number"
                        min={0}
                        max={i.maxScore}
                        step={1}
                        defaultValue={result?.values?.[`score_${i.id}`] ?? i.score ?? ""}
                        className="w-16 rounded border border-gray-300 px-1 text-right"
                      />
                    ) : (
                      <span id={`score_${i.id}`}>{i.score ?? "—"}</span>
                    )}{" "}
                    / {i.maxScore}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm text-gray-700" data-testid="score-total">
            {t("assessment:students.totalScore")}: {a.totalScore} / {max}
          </p>
          {data.canScore ? (
            <Button type="submit" data-testid="score-save">
              {t("assessment:students.save")}
            </Button>
          ) : null}
        </Form>
      )}
    </section>
  );
}

function SummaryPage({ data }: { data: SummaryData }) {
  const { t } = useTranslation(["assessment", "crud"]);
  const colorOf = (time: string) => COLORS[["beginning", "middle", "end"].indexOf(time)] ?? COLORS[0]!;
  return (
    <section className="max-w-4xl space-y-4" data-testid="summary-page">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("assessment:students.summary")} · {data.schoolYear}
        </h1>
        <Link to="/student/studentAssessments" className="text-sm text-primary hover:underline">
          {t("crud:actions.back")}
        </Link>
      </div>
      <div className={card}>
        <Bars
          testId="summary-chart"
          title={t("assessment:students.summaryChart")}
          desc={data.list.map((r) => `${r.className} ${t(`assessment:times.${r.time}`)}: ${r.rate}%`).join("; ")}
          bars={data.list.map((r) => ({ label: `${r.className}`, value: r.rate, color: colorOf(r.time) }))}
        />
        <ul className="flex gap-4 text-xs text-gray-600">
          {["beginning", "middle", "end"].map((time) => (
            <li key={time} className="flex items-center gap-1">
              <span className="inline-block h-3 w-3" style={{ background: colorOf(time) }} aria-hidden="true" /> {t(`assessment:times.${time}`)}
            </li>
          ))}
        </ul>
        <table className="w-full text-sm" data-testid="summary-table">
          <thead>
            <tr className="text-left text-gray-600">
              <th>{t("assessment:students.class")}</th>
              <th>{t("assessment:fields.time")}</th>
              <th className="text-right">{t("assessment:students.count")}</th>
              <th className="text-right">{t("assessment:students.average")}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((r) => (
              <tr key={`${r.classId}-${r.time}`} className="border-t border-gray-100">
                <td>{r.className}</td>
                <td>{t(`assessment:times.${r.time}`)}</td>
                <td className="text-right">{r.count}</td>
                <td className="text-right">{r.rate}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function Page() {
  const data = useLoaderData<SheetData | SummaryData | { view: string }>();
  if (data.view === "score") return <ScorePage data={data as SheetData} />;
  if (data.view === "summary") return <SummaryPage data={data as SummaryData} />;
  return <ResourceSubPage />;
}
