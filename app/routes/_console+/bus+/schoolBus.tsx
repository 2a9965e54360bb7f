import { Link } from "@remix-run/react";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";

/** /bus/schoolBus — buses (contract/resources/buses.ts): seats, two bus teachers, stations; each row links to its riders. */
export const loader = /* @__PURE__ */ resourceListLoader("buses");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  const { t } = useTranslation("buses");
  return (
    <ResourceListPage
      rowActions={(item) => (
        <Link to={`/bus/schoolBus/${item.id}/riders`} className="text-sm text-primary hover:underline" data-testid={`riders-${item.id}`}>
          {t("buses.riders")}
        </Link>
      )}
    />
  );
}
