import { Link } from "@remix-run/react";
import type { CommonView } from "@contract/resource-view";
import { StateBadge } from "~/components/resource/record-actions";
import { useTranslation } from "~/utils/i18n-react";
import type { AppointmentItem } from "./appointment-format";

/** One appointment: time, the customer's child (a link to the customer), the owning teacher and the state badge. */
export function AppointmentEntry({ def, customersPage, item }: { def: CommonView; customersPage: string; item: AppointmentItem }) {
  const { t } = useTranslation("admission");
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="appointment" data-id={item.id} data-date={item.date}>
      <span className="font-mono tabular-nums text-gray-700" data-testid="appointment-time">
        {item.time}
      </span>
      <Link to={`${customersPage}/${item.customerId}`} className="text-blue-700 underline" data-value data-testid="appointment-customer">
        {item.customerName}
      </Link>
      <span className="text-gray-600">{t(`kinds.${item.kind}`)}</span>
      {item.teacherName ? (
        <span className="text-gray-600" data-testid="appointment-teacher">
          {t("appointments.views.with", { name: item.teacherName })}
        </span>
      ) : null}
      <StateBadge def={def} item={item} />
    </div>
  );
}
