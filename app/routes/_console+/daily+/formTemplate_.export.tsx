import type { LoaderFunctionArgs } from "@remix-run/node";
import { formTemplates } from "@contract/resources/form-templates";
import { downloadFromApi } from "~/components/report/report.server";
import { notFound, requirePage } from "~/utils/permissions.server";

/**
 * /daily/formTemplate/export?template=<id> — a template's answers as xlsx, one column per field (no component: a file
 * download from `GET daily/form_templates/<id>/answers/export/`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request);
  const id = new URL(request.url).searchParams.get("template") ?? "";
  if (!/^\d{1,9}$/.test(id)) throw notFound();
  return downloadFromApi(request, `${formTemplates.endpoint}${id}/answers/export/`, {}, `${formTemplates.page}/${id}`);
}
