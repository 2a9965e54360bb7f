import { Link, useLoaderData } from "@remix-run/react";
import { ResourceListPage } from "~/components/resource/list";
import { useResourceT } from "~/components/resource/i18n";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import type { ListData } from "~/resources/types";
import { pageMeta } from "~/utils/meta";

/**
 * /daily/formTemplate — the form templates of the kindergarten (dynamic forms, contract/dynamic-form.ts): the list of
 * the `formTemplates` resource; the builder is /new and /<id>/edit, the answers /<id> (formTemplate_.$.tsx).
 */
export const loader = /* @__PURE__ */ resourceListLoader("formTemplates");
export const action = resourceListAction;
export const meta = pageMeta;

function AnswersLink({ id, title }: { id: number; title: string }) {
  const { t } = useResourceT();
  const { def } = useLoaderData<ListData>();
  return (
    <Link to={`${def.page}/${id}`} className="text-primary hover:underline" aria-label={`${t("forms:builder.answers")} ${title}`}>
      {t("forms:builder.answers")}
    </Link>
  );
}

export default function Page() {
  return <ResourceListPage rowActions={(item) => <AnswersLink id={Number(item.id)} title={String(item.title)} />} />;
}
