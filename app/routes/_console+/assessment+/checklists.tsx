import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import type { LevelTotal } from "./__checklists.server";
import { checklistsLoader } from "./__checklists.server";

/** /assessment/checklists — the `assessmentChecklists` list (contract/resources/assessment.ts) and each level's score totals. */
export const loader = (args: LoaderFunctionArgs) => checklistsLoader(args);
export const action = resourceListAction;
export const meta = pageMeta;

const LEVELS = ["pre", "junior", "middle", "senior"];
const TIMES = ["beginning", "middle", "end"];

/** Maximum total score (and item count) per class level and assessment time. */
function LevelTotals({ totals }: { totals: LevelTotal[] }) {
  const { t } = useTranslation("assessment");
  const levels = LEVELS.filter((l) => totals.some((x) => x.level === l));
  if (!levels.length) return null;
  const cell = (level: string, time: string) => totals.find((x) => x.level === level && x.time === time);
  return (
    <section className="rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" aria-labelledby="level-totals">
      <h2 id="level-totals" className="mb-2 text-sm font-semibold text-gray-700">
        {t("assessment:checklists.totals")}
      </h2>
      <table className="text-sm" data-testid="level-totals">
        <thead>
          <tr>
            <th className="px-3 py-1 text-left font-medium text-gray-500">{t("assessment:fields.level")}</th>
            {TIMES.map((time) => (
              <th key={time} className="px-3 py-1 text-right font-medium text-gray-500">
                {t(`assessment:times.${time}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => (
            <tr key={level} className="border-t border-gray-100" data-level={level}>
              <th scope="row" className="whitespace-nowrap px-3 py-1 text-left font-normal">
                {t(`assessment:levels.${level}`)}
              </th>
              {TIMES.map((time) => {
                const c = cell(level, time);
                return (
                  <td key={time} className="whitespace-nowrap px-3 py-1 text-right tabular-nums" data-time={time}>
                    {c ? t("assessment:checklists.totalCell", { total: c.total, count: c.items }) : "—"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function Page() {
  const data = useLoaderData<{ totals: LevelTotal[] }>();
  return (
    <div className="space-y-4">
      <ResourceListPage />
      <LevelTotals totals={data.totals} />
    </div>
  );
}
