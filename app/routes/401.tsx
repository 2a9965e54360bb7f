import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NoPermission } from "~/components/layout/error-pages";
import { getT } from "~/utils/i18n.server";
import { joinTitle } from "~/utils/meta";

/** /401 (public): the no-permission page; the route guard shows the same content with HTTP 403. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "menu");
  return json({ title: t("title.noPermission"), product: t("productTitle") });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: joinTitle(data?.title, data?.product) }];

export default function NoPermissionRoute() {
  return <NoPermission standalone />;
}
