import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Role } from "@contract/roles";
import { getT } from "./i18n.server";
import { loaderData } from "./loader-data.server";
import { crumbsOf, menuFor, titleKeyOf } from "./permissions.server";
import { requireCurrentUser } from "./current-user.server";
import { readSidebarOpened } from "./sidebar.server";
import { canSwitchKindergarten, loadKindergartenChoices } from "./switcher.server";
import { readTabs, serializeTabs, visit } from "./tabs.server";

/**
 * The console frame's loader (app/routes/_console+/_layout.tsx): the user (or /login?redirect=…), the filtered menu,
 * the breadcrumb, the tabs, the sidebar state and the kindergarten choices. In its own module so that the layout's
 * browser build imports one empty stand-in instead of several shared small files.
 */
const APPLICANT_HOME = "/admission/wx/introduction";

export async function consoleLoader({ request }: LoaderFunctionArgs) {
  const user = await requireCurrentUser(request);
  const url = new URL(request.url);
  // The applicant's home is her own page (issue 26, item 10), not the staff-style Home.
  if (user.info.roleId === Role.applicant && url.pathname === "/Home") throw redirect(APPLICANT_HOME);
  const headers = new Headers();
  // The kindergarten choices (an upstream call) load while the tabs and the title are worked out.
  const switcher = canSwitchKindergarten(user);
  const choices = switcher ? loadKindergartenChoices(request, user) : Promise.resolve([]);
  choices.catch(() => undefined); // a 401 redirect is thrown below, at `await choices`, not reported as unhandled

  const tabs = await readTabs(request, user);
  if (visit(tabs, user, url)) headers.append("Set-Cookie", await serializeTabs(request, tabs));

  const t = await getT(request, "menu");
  const title = t(titleKeyOf(user, url.pathname));

  const kindergartens = await choices;

  const { info } = user;
  return loaderData(
    {
      title,
      user: {
        realName: info.realName,
        roleId: info.roleId,
        roles: [...info.roles],
        kindergartenId: info.kindergartenId,
        kindergartenName: info.kindergartenName,
        educationGroupName: info.educationGroupName,
      },
      menu: menuFor(user),
      crumbs: crumbsOf(url.pathname),
      tabs: tabs.visited,
      sidebarOpened: readSidebarOpened(request),
      canSwitchKindergarten: switcher,
      kindergartens,
    },
    { headers },
  );
}
