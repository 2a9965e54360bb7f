import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Endpoints } from "@contract/api";
import { forgetUserInfo } from "~/utils/current-user.server";
import { requireCsrf, rotateCsrfToken } from "~/utils/csrf.server";
import { getEnv } from "~/utils/env.server";
import { getLocale, getT } from "~/utils/i18n.server";
import { destroyUser, getUser, loginPath } from "~/utils/session.server";
import { combineHeaders, createToastHeaders } from "~/utils/toast.server";
import { createUpstreamClient, settle } from "~/utils/upstream.server";

/** POST /logout: DELETE token/logout upstream (best effort), clear the session, go to login. */
export async function action({ request }: ActionFunctionArgs) {
  await requireCsrf(request);
  const user = await getUser(request);
  if (user) {
    forgetUserInfo(user.token);
    const env = getEnv();
    const client = createUpstreamClient({
      baseUrl: env.API_BASE_URL,
      appId: env.APP_ID,
      lang: await getLocale(request),
      token: user.token,
    });
    // Whatever the upstream answers (even 401: already gone), the local session ends.
    await settle(client.delete(Endpoints.logout));
  }
  const t = await getT(request, "common");
  const to = loginPath(null, { roleId: user?.info.roleId, kindergartenId: user?.info.kindergartenId });
  return redirect(to, {
    headers: combineHeaders(
      await destroyUser(request),
      await rotateCsrfToken(request),
      await createToastHeaders({ type: "success", message: t("auth.loggedOut") }, request),
    ),
  });
}

export async function loader() {
  return redirect("/");
}
