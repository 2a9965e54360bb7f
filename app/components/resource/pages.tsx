import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ResourceView } from "@contract/resource-view";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import type { BulkActionData, RecordActionData, SubData } from "~/resources/types";
import { lazyView } from "~/utils/lazy-view";
import { useResourceT } from "./i18n";
import { SUB_PAGE_CARD as card, SubPageHeader as Header, type Of } from "./sub-page-header";

// Each view's code is loaded when it is shown (the form's fields, the detail, the actions' pages, the import).
const ResourceFormPage = lazyView(() => import("./form").then((m) => m.ResourceFormPage));
const DetailPage = lazyView(() => import("./detail").then((m) => m.DetailPage));
const RecordActionPage = lazyView(() => import("./action-pages").then((m) => m.RecordActionPage));
const BulkActionPage = lazyView(() => import("./action-pages").then((m) => m.BulkActionPage));
const ImportPage = lazyView(() => import("./import-page").then((m) => m.ImportPage));

/** The delete confirmation page (the no-JavaScript path; the list opens a dialog instead). */
function DeletePage({ def }: { def: ResourceView }) {
  const data = useLoaderData<Of<"delete">>();
  const { t } = useResourceT();
  const name = String(data.item[def.labelField] ?? data.id);
  return (
    <section className="max-w-xl space-y-4" data-testid="delete-page">
      <Header title={t("crud:delete.title", { one: data.one })} back={data.back} def={def} />
      <Form method="post" className={card}>
        <CsrfInput />
        {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
        <p className="text-sm text-gray-700">{t("crud:delete.confirm", { name })}</p>
        <div className="flex gap-2">
          <Button type="submit" variant="destructive" data-testid="confirm-delete">
            {t("crud:actions.confirmDelete")}
          </Button>
          <Link to={`${def.page}${data.back}`} className={buttonVariants({ variant: "outline" })}>
            {t("crud:actions.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function BulkDeletePage({ def }: { def: ResourceView }) {
  const data = useLoaderData<Of<"bulkDelete">>();
  const { t } = useResourceT();
  return (
    <section className="max-w-xl space-y-4" data-testid="bulk-delete-page">
      <Header title={t("crud:delete.bulkTitle")} back={data.back} def={def} />
      <Form method="post" className={card}>
        <CsrfInput />
        {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
        {data.items.length ? (
          <>
            <p className="text-sm text-gray-700">{t("crud:delete.bulkConfirm", { count: data.items.length })}</p>
            <ul className="list-inside list-disc text-sm text-gray-700">
              {data.items.map((i) => (
                <li key={String(i.id)}>
                  <input type="hidden" name="ids" value={String(i.id)} />
                  {String(i[def.labelField] ?? i.id)}
                </li>
              ))}
            </ul>
            <div className="flex gap-2">
              <Button type="submit" variant="destructive" data-testid="confirm-delete">
                {t("crud:actions.confirmDelete")}
              </Button>
              <Link to={`${def.page}${data.back}`} className={buttonVariants({ variant: "outline" })}>
                {t("crud:actions.cancel")}
              </Link>
            </div>
          </>
        ) : (
          <p className="text-sm text-gray-500" data-testid="none-selected">
            {t("crud:delete.noneSelected")}
          </p>
        )}
      </Form>
    </section>
  );
}

/** The sub-pages of a resource (`<page>/new`, `/<id>`, `/<id>/edit`, `/<id>/delete`, `/delete`, `/import`, and the record actions' `/<id>/<action>` and bulk `/<action>`). */
export function ResourceSubPage() {
  const data = useLoaderData<SubData | RecordActionData | BulkActionData>();
  const def = data.def;
  switch (data.view) {
    case "recordAction":
      return <RecordActionPage def={def} />;
    case "bulkAction":
      return <BulkActionPage def={def} />;
    case "create":
    case "edit":
      return <ResourceFormPage key={`${data.view}-${data.id ?? ""}`} />;
    case "detail":
      return <DetailPage def={def} />;
    case "delete":
      return <DeletePage def={def} />;
    case "bulkDelete":
      return <BulkDeletePage def={def} />;
    case "import":
      return <ImportPage def={def} />;
  }
}
