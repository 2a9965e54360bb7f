import { useLayoutT } from "~/components/layout/i18n";
import { formatDateTime } from "@contract/resource-format";
import type { BackupStatus } from "~/routes/_console+/__backup-status.server";

/** "M H * * *" reads as "daily at HH:MM"; any other pattern is shown as written. */
function scheduleText(cron: string, t: ReturnType<typeof useLayoutT>["t"]): string {
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron.trim());
  if (!daily) return cron;
  return t("home.backup.daily", { time: `${daily[2]!.padStart(2, "0")}:${daily[1]!.padStart(2, "0")}` });
}

/** The super admin's Home: whether scheduled backups are set up and when the last good one ran (issue 29). */
export function BackupStatusCard({ status }: { status: BackupStatus }) {
  const { t } = useLayoutT();
  return (
    <section className="rounded-md bg-white p-6 text-sm shadow-sm ring-1 ring-gray-100" data-testid="home-backup">
      <h2 className="text-base font-semibold text-gray-800">{t("home.backup.title")}</h2>
      {!status.configured ? (
        <p className="mt-3 text-amber-700">{t("home.backup.notSetUp")}</p>
      ) : (
        <div className="mt-3 space-y-1 text-gray-700">
          <p>
            {status.lastOk ? t("home.backup.lastOk", { at: formatDateTime(status.lastOk.at), archive: status.lastOk.archive ?? "" }) : t("home.backup.noneYet")}
          </p>
          {status.lastFailure ? (
            <p className="text-red-700">{t("home.backup.failed", { at: formatDateTime(status.lastFailure.at), error: status.lastFailure.error ?? "" })}</p>
          ) : null}
          <p className="text-gray-500">{t("home.backup.schedule", { schedule: scheduleText(status.schedule ?? "", t), keep: status.keep ?? 0 })}</p>
        </div>
      )}
    </section>
  );
}
