import { useLayoutT } from "~/components/layout/i18n";
import type { LinkRequest } from "~/routes/_console+/__home.server";

const TONES: Record<LinkRequest["status"], string> = {
  pending: "border-amber-200 bg-amber-50 text-amber-900",
  approved: "border-green-200 bg-green-50 text-green-900",
  refused: "border-red-200 bg-red-50 text-red-900",
};

/** A parent's requests to be linked to a child (issue 25 item 6): "waiting for approval" until a reviewer decides. */
export function LinkRequests({ list }: { list: LinkRequest[] }) {
  const { t } = useLayoutT();
  if (!list.length) return null;
  return (
    <section className="rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100" data-testid="home-link-requests" aria-labelledby="home-link-requests">
      <h2 id="home-link-requests" className="text-base font-semibold text-gray-800">
        {t("home.linkRequests.title")}
      </h2>
      <ul className="mt-3 space-y-2">
        {list.map((r) => (
          <li key={r.id} className={`rounded border px-3 py-2 text-sm ${TONES[r.status]}`} data-testid="home-link-request" data-status={r.status}>
            <p>{t(`home.linkRequests.${r.status}`, { child: r.studentName, className: r.className ?? "" })}</p>
            {r.reviewComment ? <p className="mt-1 text-xs">{t("home.linkRequests.comment", { comment: r.reviewComment })}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
