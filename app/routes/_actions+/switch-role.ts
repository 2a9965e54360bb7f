import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Endpoints, PLATFORM_PC, tokenReplySchema } from "@contract/api";
import { forgetUserInfo } from "~/utils/current-user.server";
import { requireCsrf, rotateCsrfToken } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { safeRedirect } from "~/utils/redirect.server";
import { commitUser, requireUser } from "~/utils/session.server";
import { combineHeaders, createToastHeaders, redirectWithToast } from "~/utils/toast.server";
import { pagePath, refererPath, settle, upstream } from "~/utils/upstream.server";

/** POST /switch-role (field roleId): PATCH token/role/{id} platform=pc; new token + info; land on /. */
export async function action({ request }: ActionFunctionArgs) {
  await requireCsrf(request);
  const user = await requireUser(request, pagePath(request));
  const form = await request.formData();
  const roleId = Number(form.get("roleId"));
  const t = await getT(request, "common");
  const back = safeRedirect(refererPath(request) ?? "/");
  const failed = () => redirectWithToast(back, { type: "error", message: t("errors.switchRoleFailed") });

  if (!Number.isInteger(roleId) || !(user.info.roles as number[]).includes(roleId)) throw await failed();
  const result = await settle(upstream(request).patch(Endpoints.switchRole(roleId), { form: { platform: PLATFORM_PC }, schema: tokenReplySchema }));
  if (!result.ok) throw await failed();
  // The old token is revoked upstream: its kept user info goes too.
  forgetUserInfo(user.token);
  forgetUserInfo(result.data.token);
  return redirect("/", {
    headers: combineHeaders(
      await commitUser(request, result.data),
      await rotateCsrfToken(request),
      await createToastHeaders({ type: "success", message: t("auth.roleSwitched") }, request),
    ),
  });
}

export async function loader() {
  return redirect("/");
}
