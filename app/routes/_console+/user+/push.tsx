import { Link, useLoaderData } from "@remix-run/react";
import { pushNotifications } from "@contract/resources/push-notifications";
import { ResourceListPage, rowAllows } from "~/components/resource/list";
import { useResourceT } from "~/components/resource/i18n";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import type { ListData } from "~/resources/types";
import { pageMeta } from "~/utils/meta";

/** /user/push — push notifications: drafts and the sent history (status, recipient count, sent time); drafts can be sent. */
export const loader = resourceListLoader(pushNotifications);
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  const data = useLoaderData<ListData>();
  const { t } = useResourceT();
  return (
    <ResourceListPage
      def={pushNotifications}
      rowActions={
        data.perms.change
          ? (item, back) =>
              rowAllows(item, "send") ? (
                <Link to={`${pushNotifications.page}/${item.id}/send${back ? `?back=${encodeURIComponent(back)}` : ""}`} className="font-medium text-green-700 hover:underline" data-testid="row-send">
                  {t("usermgmt:pushNotifications.actions.send")}
                </Link>
              ) : null
          : undefined
      }
    />
  );
}
