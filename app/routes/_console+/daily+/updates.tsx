import { dateFormat, langOf } from "@contract/format";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { pageAction, pageLoader } from "~/utils/page";
import { updatesComment, updatesData } from "./__daily.server";

/**
 * /daily/updates (roles 1,3,4,5): what is due for the role (the Home page's registry: notices to read, medication,
 * unconfirmed entrusts, waiting leave notes, birthdays this week, missing health reports …) and what happened in the
 * last 7 days; a parent also sees his children's class circle and comments on it (a plain form).
 */
export const loader = /* @__PURE__ */ pageLoader(({ request, user }) => updatesData(request, user.info.roleId));
export const action = /* @__PURE__ */ pageAction(({ request }) => updatesComment(request));
export const meta = pageMeta;

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<{ post?: number; error?: string }>();
  const { t, i18n } = useTranslation(["daily"]);
  const when = (iso: string) => dateFormat(langOf(i18n.language), { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Shanghai" }).format(new Date(iso));
  const due = data.due?.filter((d) => d.count > 0) ?? [];
  return (
    <div className="grid gap-5 lg:grid-cols-2" data-testid="updates">
      <h1 className="sr-only">{t("daily:updates.title")}</h1>
      <section className="rounded-md bg-white p-5 shadow-sm ring-1 ring-gray-100" data-testid="updates-due" aria-labelledby="updates-due">
        <h2 id="updates-due" className="text-base font-semibold text-gray-800">
          {t("daily:updates.due")}
        </h2>
        {data.due === null ? (
          <p className="mt-3 text-sm text-gray-500">{t("daily:updates.unavailable")}</p>
        ) : due.length === 0 ? (
          <p className="mt-3 text-sm text-gray-500">{t("daily:updates.nothingDue")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-100">
            {due.map((d) => (
              <li key={d.key} className="flex items-center justify-between py-2 text-sm" data-testid="updates-due-item">
                <span className="text-gray-700">{t(d.key)}</span>
                <span className="flex items-center gap-3">
                  <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">{d.count}</span>
                  {d.path ? (
                    <Link to={d.path} className="text-xs text-primary hover:underline">
                      {t("daily:common.open")}
                    </Link>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="rounded-md bg-white p-5 shadow-sm ring-1 ring-gray-100" data-testid="updates-recent" aria-labelledby="updates-recent">
        <h2 id="updates-recent" className="text-base font-semibold text-gray-800">
          {t("daily:updates.recent")}
        </h2>
        {!data.recent?.length ? (
          <p className="mt-3 text-sm text-gray-500">{data.recent ? t("daily:updates.nothingRecent") : t("daily:updates.unavailable")}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {data.recent.map((e, i) => (
              <li key={`${e.kind}-${i}`} className="text-sm">
                <span className="mr-2 text-xs text-gray-500">{when(e.at)}</span>
                <span className="mr-1 text-gray-600">{t(`daily:updates.kinds.${e.kind}`)}</span>
                {e.path ? (
                  <Link to={e.path} className="text-primary underline" data-value>
                    {e.title}
                  </Link>
                ) : (
                  <span className="text-gray-800" data-value>
                    {e.title}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.isParent ? (
        <section className="rounded-md bg-white p-5 shadow-sm ring-1 ring-gray-100 lg:col-span-2" aria-labelledby="updates-posts" data-testid="updates-posts">
          <h2 id="updates-posts" className="text-base font-semibold text-gray-800">
            {t("daily:classCircle.title")}
          </h2>
          <ul className="mt-3 space-y-4">
            {(data.posts ?? []).map((p) => (
              <li key={p.id} id={`post-${p.id}`} className="rounded border border-gray-100 p-3" data-testid="updates-post">
                <p className="text-xs text-gray-500">
                  <span data-value>{p.className}</span> · {when(p.createdAt)}
                </p>
                <p className="mt-1 text-sm text-gray-800" data-value>
                  {p.content}
                </p>
                {p.imageFileId ? <img src={`/files/${p.imageFileId}?variant=thumb`} alt="" className="mt-2 h-32 rounded object-cover" /> : null}
                <ul className="mt-2 space-y-1">
                  {p.comments.map((c) => (
                    <li key={c.id} className="text-sm text-gray-700">
                      <span className="font-medium" data-value>
                        {c.userName}
                      </span>
                      : <span data-value>{c.content}</span>
                    </li>
                  ))}
                </ul>
                <Form method="post" className="mt-2 flex items-start gap-2">
                  <CsrfInput />
                  <input type="hidden" name="post" value={p.id} />
                  <div className="flex-1">
                    <label className="sr-only" htmlFor={`comment-${p.id}`}>
                      {t("daily:classCircle.comments")}
                    </label>
                    <input
                      id={`comment-${p.id}`}
                      name="content"
                      maxLength={500}
                      className="w-full rounded border border-gray-300 px-2 py-1 text-sm"
                      aria-invalid={failed?.post === p.id ? true : undefined}
                      aria-describedby={failed?.post === p.id ? `comment-${p.id}-error` : undefined}
                    />
                    {failed?.post === p.id ? (
                      <p id={`comment-${p.id}-error`} className="mt-1 text-xs text-red-600">
                        {failed.error}
                      </p>
                    ) : null}
                  </div>
                  <Button type="submit" variant="outline" size="sm">
                    {t("daily:classCircle.comments")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
