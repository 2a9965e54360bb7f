import type { LoaderFunctionArgs } from "@remix-run/node";
import { ResourceDetailPage } from "~/components/resource/detail";
import { resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";
import { pageAction } from "~/utils/page";

/**
 * /evaluate/entrust/:id (hidden) — one record's detail page (the same view as /daily/entrust/<id>: fields, state,
 * history, the record actions, which post to /daily/entrust/<id>/<action>).
 */
export const loader = (args: LoaderFunctionArgs) => resourceSubLoader("entrusts")({ ...args, params: { ...args.params, "*": String(args.params.id ?? "") } });
export const action = /* @__PURE__ */ pageAction();
export const meta = pageMeta;
export default function Page() {
  return <ResourceDetailPage />;
}
