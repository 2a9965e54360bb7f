import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireCsrf } from "~/utils/csrf.server";
import { isLang, serializeLngCookie } from "~/utils/i18n.server";
import { safeRedirect } from "~/utils/redirect.server";
import { isHttps } from "~/utils/session.server";
import { refererPath } from "~/utils/upstream.server";

/** POST /set-lang (fields lng = zh|en, redirectTo): remembers the language in the `lng` cookie for a year. */
export async function action({ request }: ActionFunctionArgs) {
  await requireCsrf(request);
  const form = await request.formData();
  const lng = form.get("lng");
  const back = safeRedirect(form.get("redirectTo"), safeRedirect(refererPath(request) ?? "/"));
  if (!isLang(lng)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": serializeLngCookie(lng, isHttps(request)) } });
}

export async function loader() {
  return redirect("/");
}
