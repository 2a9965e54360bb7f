import { Link } from "@remix-run/react";
import type { ResourceView } from "@contract/resource-view";
import type { SubData } from "~/resources/types";
import { useResourceT } from "./i18n";

/** The white card a sub-page's body sits in. */
export const SUB_PAGE_CARD = "space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100";

/** The sub-page data of one view. */
export type Of<V extends SubData["view"]> = SubData extends infer S ? (S extends { view: infer W } ? (V extends W ? S : never) : never) : never;

/** A sub-page's title and the link back to the list. */
export function SubPageHeader({ title, back, def }: { title: string; back: string; def: ResourceView }) {
  const { t } = useResourceT();
  return (
    <div className="flex items-center justify-between">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {title}
      </h1>
      <Link to={`${def.page}${back}`} className="text-sm text-primary hover:underline">
        {t("crud:actions.back")}
      </Link>
    </div>
  );
}
