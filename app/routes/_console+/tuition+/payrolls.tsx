import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";

/** /tuition/payrolls (show:isShowSalary) — monthly payrolls, import from Excel, each employee's slip as PDF. */
export const loader = /* @__PURE__ */ resourceListLoader("payrolls");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  const { t } = useTranslation("tuition");
  return (
    <ResourceListPage
      rowActions={(item) => (
        <a href={`/tuition/payrolls/${item.id}/slip`} className="text-sm text-primary hover:underline" data-testid="payslip" download>
          {t("tuition:payrolls.slip")}
        </a>
      )}
    />
  );
}
