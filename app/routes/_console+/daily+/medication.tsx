import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { readLoaderReply } from "~/utils/loader-data.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { todayCn } from "@contract/school-time";

/**
 * /daily/medication (role 7; visible to 7 even when isHideMed is set): the doctor's day list of parents' requests
 * (child, medicine, dose, times, photo of the package), sorted by time; "due now" marks the doses from 30 minutes
 * before to 60 after now. "Mark given" (to be done → done: who and when are recorded) and "Cancel" (with a reason)
 * are the definition's record actions.
 */
export async function loader(args: LoaderFunctionArgs) {
  const list = await readLoaderReply(await resourceListLoader("medications")(args));
  return json({ ...list.value, today: todayCn() }, { headers: list.headers });
}
export const action = resourceListAction;
export const meta = pageMeta;

function DayLinks() {
  const { t } = useTranslation(["daily"]);
  const { today } = useLoaderData<{ today: string }>();
  return (
    <span className="flex gap-3 text-sm">
      <Link to={`/daily/medication?dateFrom=${today}&dateTo=${today}&status=todo`} className="text-primary hover:underline" data-testid="medication-today">
        {t("daily:medication.dayList")}
      </Link>
      <Link to="/daily/medication" className="text-primary hover:underline">
        {t("daily:medication.allDays")}
      </Link>
    </span>
  );
}

export default function Page() {
  return <ResourceListPage toolbar={<DayLinks />} />;
}
