import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireCsrf } from "~/utils/csrf.server";
import { safeRedirect } from "~/utils/redirect.server";
import { requireUser } from "~/utils/session.server";
import { closeAll, closeOthers, closeTab, readTabs, serializeTabs, uncache } from "~/utils/tabs.server";

/**
 * POST /tabs — the tab actions of the visited-page bar, as plain forms (work without JavaScript):
 *   intent = refresh | close | closeOthers | closeAll, path = the tab, current = the page shown now.
 * A close button may also send `close=<path>` alone. Answers a redirect (post/redirect/get):
 *   refresh → the tab (its loaders run again); close → back, or to the last tab when the closed tab
 *   was the current one; close others → the chosen tab; close all → the last affixed tab (Home),
 *   unless the current page is itself affixed.
 */
export async function loader() {
  return redirect("/");
}

const INTENTS = ["refresh", "close", "closeOthers", "closeAll"] as const;
type Intent = (typeof INTENTS)[number];

const pathOf = (fullPath: string) => fullPath.split(/[?#]/)[0] || "/";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "/");
  await requireCsrf(request);
  const form = await request.formData();
  const closeValue = form.get("close");
  const intent = (typeof closeValue === "string" && closeValue ? "close" : form.get("intent")) as Intent;
  if (!INTENTS.includes(intent)) return redirect(safeRedirect(form.get("current"), "/"));
  const current = safeRedirect(form.get("current"), "/");
  const path = pathOf(safeRedirect(typeof closeValue === "string" && closeValue ? closeValue : form.get("path"), current));
  const currentPath = pathOf(current);

  const state = await readTabs(request, user);
  const tab = state.visited.find((t) => t.path === path);
  let to = current;
  switch (intent) {
    case "refresh":
      uncache(state, path);
      to = tab?.fullPath ?? current;
      break;
    case "close":
      if (tab?.affix) break;
      closeTab(state, path);
      if (path === currentPath) to = state.visited.at(-1)?.fullPath ?? "/";
      break;
    case "closeOthers":
      closeOthers(state, path);
      to = tab?.fullPath ?? current;
      break;
    case "closeAll": {
      closeAll(state);
      const currentIsAffix = state.visited.some((t) => t.path === currentPath);
      to = currentIsAffix ? current : (state.visited.at(-1)?.fullPath ?? "/");
      break;
    }
  }
  return redirect(to, { headers: { "Set-Cookie": await serializeTabs(request, state) } });
}
