import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "@contract/resource-format";
import { useTranslation } from "~/utils/i18n-react";
import { pageAction, pageLoader } from "~/utils/page";
import { pageMeta } from "~/utils/meta";
import { loadSubmissions, type Homework, type Submissions } from "./__teaching.server";

/**
 * /teaching/homeworks/<id>/submissions — every child of the homework's class with done / not done, the parent's text
 * and image (parents submit from the parents' app: POST teaching/homeworks/{id}/submissions/).
 */
export const loader = /* @__PURE__ */ pageLoader(async ({ request, params }) => ({ data: await loadSubmissions(request, params.id) }));
export const action = /* @__PURE__ */ pageAction();
export const meta = pageMeta;

export default function Page() {
  const { data } = useLoaderData<typeof loader>() as unknown as { data: { homework: Homework; submissions: Submissions } };
  const { t } = useTranslation("teaching");
  const { homework: h, submissions: s } = data;
  return (
    <section className="space-y-4" data-testid="homework-submissions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("submissions.title")} · {h.title}
        </h1>
        <Link to="/teaching/homeworks" className="text-sm text-primary hover:underline">
          {t("submissions.back")}
        </Link>
      </div>
      <p className="text-sm text-gray-600">
        {t(`homeworkKinds.${h.kind}`)} · {h.className ?? ""} · {t("fields.dueOn")} {h.dueOn}
      </p>
      <p className="text-sm font-medium text-gray-700" data-testid="submissions-summary">
        {t("submissions.summary", { done: s.done, count: s.total })}
      </p>
      <table className="w-full border-collapse bg-white text-sm" data-testid="submissions-table">
        <caption className="sr-only">{t("submissions.title")}</caption>
        <thead>
          <tr className="bg-gray-50 text-left text-gray-600">
            <th scope="col" className="px-2 py-2">
              {t("submissions.child")}
            </th>
            <th scope="col" className="px-2 py-2">
              {t("submissions.state")}
            </th>
            <th scope="col" className="px-2 py-2">
              {t("submissions.content")}
            </th>
            <th scope="col" className="px-2 py-2">
              {t("submissions.photo")}
            </th>
            <th scope="col" className="px-2 py-2">
              {t("submissions.parent")}
            </th>
            <th scope="col" className="px-2 py-2">
              {t("submissions.submittedAt")}
            </th>
          </tr>
        </thead>
        <tbody>
          {s.list.map((r) => (
            <tr key={r.studentId} className="border-t border-gray-100 align-top" data-testid={`submission-${r.studentId}`}>
              <td className="px-2 py-2">{r.studentName}</td>
              <td className={r.done ? "px-2 py-2 text-green-700" : "px-2 py-2 text-amber-700"}>{r.done ? t("submissions.done") : t("submissions.notDone")}</td>
              <td className="px-2 py-2">{r.content ?? ""}</td>
              <td className="px-2 py-2">
                <div className="flex flex-wrap gap-1">
                  {r.imageFileIds.map((id, i) => (
                    <a key={id} href={`/files/${id}`}>
                      <img
                        src={`/files/${id}?variant=thumb`}
                        alt={`${t("submissions.photo")} ${r.studentName} ${i + 1}`}
                        className="h-12 w-12 rounded object-cover"
                      />
                    </a>
                  ))}
                </div>
              </td>
              <td className="px-2 py-2">{r.parentName ?? ""}</td>
              <td className="px-2 py-2">{r.submittedAt ? formatDateTime(r.submittedAt) : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
