import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ResourceListPage, rowAllows } from "~/components/resource/list";
import { useResourceT } from "~/components/resource/i18n";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import type { ListData } from "~/resources/types";
import { pageMeta } from "~/utils/meta";

/**
 * /user/userAdministration — the `users` resource (contract/resources/users.ts): its record actions enable
 * (one click) and disable (confirmation page, or a dialog with JavaScript), on a row and in bulk for the
 * selection, come from the definition; password reset is a row link here. Each is offered only on rows whose
 * `actions` allow it (the user holds only roles this administrator may grant; never herself).
 */
export const loader = /* @__PURE__ */ resourceListLoader("users");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  const { t } = useResourceT();
  const { def } = useLoaderData<ListData>();
  return (
    <ResourceListPage
      // Offered per row as the API reports it (item.actions, contract/resources/users.ts userRowRule).
      rowActions={(item, back) => (
        <>
          {rowAllows(item, "resetPassword") ? (
            <Link
              to={`${def.page}/${item.id}/password${back ? `?back=${encodeURIComponent(back)}` : ""}`}
              className="text-primary hover:underline"
              data-testid="row-password"
            >
              {t("usermgmt:users.actions.resetPassword")}
            </Link>
          ) : null}
        </>
      )}
    />
  );
}
