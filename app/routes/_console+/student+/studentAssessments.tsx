import { Link, useRouteLoaderData } from "@remix-run/react";
import { ResourceListPage } from "~/components/resource/list";
import { buttonVariants } from "~/components/ui/button";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";

/**
 * /student/studentAssessments (1,2,3; hidden by isHideAssessment): one row per child and assessment time. The teacher
 * creates an assessment and scores it on /<id>/score against the checklist of the child's level and time; the
 * principal and the expert read the same sheet with the child's progress; /summary is the class summary chart.
 */
export const loader = /* @__PURE__ */ resourceListLoader("studentAssessments");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  const { t } = useTranslation("assessment");
  const layout = useRouteLoaderData("routes/_console+/_layout") as { user?: { roleId: number } } | undefined;
  const teacher = layout?.user?.roleId === 3;
  return (
    <ResourceListPage
      toolbar={
        <Link to="/student/studentAssessments/summary" className={buttonVariants({ variant: "outline" })} data-testid="assess-summary">
          {t("assessment:students.summary")}
        </Link>
      }
      rowActions={(item) => (
        <Link to={`/student/studentAssessments/${item.id}/score`} className="text-sm text-primary hover:underline" data-testid="assess-score">
          {teacher ? t("assessment:students.score") : t("assessment:students.progress")}
        </Link>
      )}
    />
  );
}
