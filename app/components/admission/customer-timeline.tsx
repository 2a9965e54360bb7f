import type { CustomerTimelineEntry } from "@contract/entities/customer-timeline";
import type { HistoryEntry } from "@contract/actions";
import { formatDateTime } from "@contract/resource-format";
import { useTranslation } from "~/utils/i18n-react";

interface Row {
  key: string;
  /** "YYYY-MM-DD HH:mm" (school time) or "YYYY-MM-DD": sorts newest first, shown as is. */
  when: string;
  kind: "communication" | "appointment" | "stage";
  title: string;
  lines: string[];
}

/** One list of what happened with a customer: communications, appointments, stage changes and the registration. */
export function CustomerTimeline({ entries, history, createdAt }: { entries: CustomerTimelineEntry[]; history: HistoryEntry[]; createdAt: string }) {
  const { t } = useTranslation("admission");
  const T = (k: string, o?: Record<string, unknown>) => t(`admission:${k}`, o);
  const stage = (s: string | null) => (s ? T(`stages.${s}`) : "—");
  const rows: Row[] = [
    ...entries.map((e): Row => {
      const talk = e.kind === "communication";
      return {
        key: `${e.kind}-${e.id}`,
        when: e.time ? `${e.date} ${e.time}` : e.date,
        kind: e.kind,
        title: talk ? T(`methods.${e.type}`) : `${T(`kinds.${e.type}`)} · ${T(`appointmentStatuses.${e.status}`)}`,
        lines: [
          e.text ?? "",
          e.nextStep ? T("customers.timeline.nextStep", { text: e.nextStep }) : "",
          e.byName ? T(talk ? "customers.timeline.by" : "customers.timeline.teacher", { name: e.byName }) : "",
        ].filter(Boolean),
      };
    }),
    ...history.map((h, i): Row => ({
      key: `stage-${i}`,
      when: formatDateTime(h.at),
      kind: "stage",
      title: T("customers.timeline.stageChange", { from: stage(h.from), to: stage(h.to) }),
      lines: [h.comment ?? "", h.byName ? T("customers.timeline.by", { name: h.byName }) : ""].filter(Boolean),
    })),
    { key: "created", when: formatDateTime(createdAt), kind: "stage" as const, title: T("customers.timeline.created"), lines: [] },
  ].sort((a, b) => b.when.localeCompare(a.when));
  return (
    <section className="max-w-3xl space-y-3 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100" aria-labelledby="customer-timeline">
      <h2 id="customer-timeline" className="text-sm font-semibold text-gray-700">
        {T("customers.timeline.title")}
      </h2>
      <ol className="space-y-3 border-l border-gray-200 pl-4" data-testid="customer-timeline">
        {rows.map((r) => (
          <li key={r.key} data-kind={r.kind} className="text-sm">
            <div className="flex flex-wrap items-baseline gap-2">
              <time className="tabular-nums text-gray-500">{r.when}</time>
              <span className="rounded bg-gray-100 px-1.5 text-xs text-gray-600">{T(`customers.timeline.${r.kind}`)}</span>
              <span className="font-medium text-gray-800">{r.title}</span>
            </div>
            {r.lines.map((l, i) => (
              <p key={i} className="whitespace-pre-line text-gray-600">
                {l}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
