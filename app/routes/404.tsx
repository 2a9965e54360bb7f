import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/layout/error-pages";
import { getT } from "~/utils/i18n.server";
import { joinTitle } from "~/utils/meta";

/** /404 (public): the not-found page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "menu");
  return json({ title: t("title.notFound"), product: t("productTitle") });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: joinTitle(data?.title, data?.product) }];

export default function NotFoundRoute() {
  return <NotFound standalone />;
}
