import { Link, useRouteLoaderData } from "@remix-run/react";
import { ResourceListPage } from "~/components/resource/list";
import { buttonVariants } from "~/components/ui/button";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";

/**
 * /tuition/bills — finance (14) sees its kindergarten's bills, a parent (4) his children's (the API's scope). Finance
 * generates a class's bills (/tuition/bills/generate) and moves them by the record actions; the parent's "Pay by QR
 * code" opens /tuition/bills/<id>/pay.
 */
export const loader = /* @__PURE__ */ resourceListLoader("tuitionBills");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  const { t } = useTranslation("tuition");
  const layout = useRouteLoaderData("routes/_console+/_layout") as { user?: { roleId: number } } | undefined;
  const toolbar =
    layout?.user?.roleId === 14 ? (
      <Link to="/tuition/bills/generate" className={buttonVariants({ variant: "outline" })} data-testid="bills-generate">
        {t("tuition:bills.generate.button")}
      </Link>
    ) : null;
  return <ResourceListPage toolbar={toolbar} />;
}
