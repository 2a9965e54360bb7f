import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireCsrf } from "~/utils/csrf.server";
import { safeRedirect } from "~/utils/redirect.server";
import { isHttps } from "~/utils/session.server";
import { readSidebarOpened, serializeSidebarCookie } from "~/utils/sidebar.server";

/**
 * POST /sidebar-toggle — the hamburger without JavaScript: sets cookie sidebarStatus
 * (status=1 opened, 0 closed; without status it flips the current value) and goes back.
 * With JavaScript the sidebar toggles at once and writes the same cookie in the browser.
 */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  await requireCsrf(request);
  const form = await request.formData();
  const status = form.get("status");
  const opened = status === "1" ? true : status === "0" ? false : !readSidebarOpened(request);
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": serializeSidebarCookie(opened, isHttps(request)) },
  });
}
