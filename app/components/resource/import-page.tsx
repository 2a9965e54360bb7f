import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ResourceView } from "@contract/resource-view";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import type { FormActionData } from "~/resources/types";
import { useResourceT } from "./i18n";
import { SUB_PAGE_CARD as card, SubPageHeader as Header, type Of } from "./sub-page-header";

/** Import: template download, file upload (multipart, works without JavaScript), the API's row report. */
export function ImportPage({ def }: { def: ResourceView }) {
  const data = useLoaderData<Of<"import">>();
  const actionData = useActionData<FormActionData>();
  const report = actionData && "report" in actionData ? actionData.report : null;
  const { t } = useResourceT();
  const kgOptions = data.options.kindergartenId;
  return (
    <section className="max-w-3xl space-y-4" data-testid="import-page">
      <Header title={t("crud:import.title", { one: data.one })} back={data.back} def={def} />
      <div className={card}>
        <p className="text-sm text-gray-600">{t("crud:import.intro")}</p>
        <div className="flex gap-2">
          <a href={`${def.page}/export?template=xlsx`} className={buttonVariants({ variant: "outline", size: "sm" })} download data-testid="template-xlsx">
            {t("crud:actions.downloadTemplate")} (.xlsx)
          </a>
          <a href={`${def.page}/export?template=csv`} className={buttonVariants({ variant: "outline", size: "sm" })} download data-testid="template-csv">
            {t("crud:actions.downloadTemplate")} (.csv)
          </a>
        </div>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <CsrfInput />
          {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
          {kgOptions ? (
            <div>
              <label htmlFor="import-kg" className="mb-1 block text-sm font-medium text-gray-700">
                {t("resources:common.kindergarten")}
              </label>
              <NativeSelect id="import-kg" name="kindergartenId" required>
                <option value="" data-vocab="">
                  {t("crud:form.choose")}
                </option>
                {kgOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <div>
            <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-gray-700">
              {t("crud:import.file")}
            </label>
            <input
              id="import-file"
              type="file"
              name="file"
              required
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="text-sm"
            />
          </div>
          <Button type="submit" data-testid="import-submit">
            {t("crud:actions.upload")}
          </Button>
        </Form>
        {report ? (
          <div role="alert" className="rounded bg-red-50 p-3 text-sm text-red-700" data-testid="import-report">
            <p className="font-medium">{report.message}</p>
            {report.lines.length ? (
              <ul className="mt-2 list-inside list-disc space-y-0.5">
                {report.lines.map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
