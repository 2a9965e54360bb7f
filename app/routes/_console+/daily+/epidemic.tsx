import { Link, useLoaderData } from "@remix-run/react";
import { resourceListAction } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { lazyView } from "~/utils/lazy-view";
import { pageMeta } from "~/utils/meta";
import { epidemicLoader } from "./__daily.server";

/**
 * /daily/epidemic (roles 1,5,10): the kindergarten's health daily reports per class and day with the classes that
 * have not reported today (principal, kindergarten admin fill them in); `?view=rollup` — and always for the
 * education bureau (10), read only — the roll-up across the kindergartens it reaches with the trend chart (SVG
 * rendered on the server, the report machinery).
 */
export const loader = epidemicLoader;
export const action = resourceListAction;
export const meta = pageMeta;

// The two views, each loaded only when shown: the list with the missing classes, and the roll-up (?view=rollup).
const ResourceListPage = lazyView(() => import("~/components/resource/list").then((m) => m.ResourceListPage));
const ReportPage = lazyView(() => import("~/components/report/report-page").then((m) => m.ReportPage));

type Missing = { id: number; name: string; kindergartenId: number }[] | null;

function MissingPanel({ missing, canFill }: { missing: Missing; canFill: boolean }) {
  const { t } = useTranslation(["daily"]);
  if (!missing) return null;
  return (
    <section className="rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" data-testid="epidemic-missing" aria-labelledby="epidemic-missing-title">
      <h2 id="epidemic-missing-title" className="text-sm font-semibold text-gray-800">
        {missing.length ? t("daily:epidemic.missing") : t("daily:epidemic.allReported")}
      </h2>
      {missing.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {missing.map((c) => (
            <li key={c.id}>
              {canFill ? (
                <Link
                  to={`/daily/epidemic/new?classId=${c.id}`}
                  className="inline-block rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-800 hover:underline"
                >
                  {c.name} · {t("daily:epidemic.fill")}
                </Link>
              ) : (
                <span className="inline-block rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-800">{c.name}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export default function Page() {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the loader answers the report or the list
  const data = useLoaderData<any>();
  const { t } = useTranslation(["daily"]);
  if (data.dailyView === "rollup") return <ReportPage data={data} testId="epidemic-rollup" />;
  return (
    <div className="space-y-4">
      <MissingPanel missing={data.missing as Missing} canFill={Boolean(data.perms?.create)} />
      <ResourceListPage
        toolbar={
          <Link to="/daily/epidemic?view=rollup" className="text-sm text-primary hover:underline" data-testid="epidemic-rollup-link">
            {t("daily:epidemic.rollup.title")}
          </Link>
        }
      />
    </div>
  );
}
