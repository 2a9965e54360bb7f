import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ResourceSubPage } from "~/components/resource/pages";
import { Button } from "~/components/ui/button";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { pageAction } from "~/utils/page";
import { circleComments, circleModerate } from "./__daily.server";

/**
 * /daily/classCircle/new, /<id>, /<id>/edit, /<id>/delete, /<id>/hide, /<id>/show: a post (photo, MP4 video) of a
 * class; its detail page lists the parents' comments, which the principal and teachers hide or delete (plain POST
 * forms with `intent`).
 */
export async function loader(args: LoaderFunctionArgs) {
  const res = await resourceSubLoader("classCirclePosts")(args);
  if (!(res instanceof Response) || res.status !== 200) return res;
  const data = await res.json();
  if (data.view !== "detail" || !data.item) return json(data);
  return json({ ...data, comments: await circleComments(args.request, Number(data.item.id)) });
}
export async function action(args: ActionFunctionArgs) {
  const m = /^(\d{1,12})$/.exec((args.params["*"] ?? "").replace(/\/+$/, ""));
  if (m) return pageAction(({ request }) => circleModerate(request, Number(m[1])))(args);
  return resourceSubAction("classCirclePosts")(args);
}
export const meta = pageMeta;

type Comment = { id: number; userName: string; content: string; status: string; createdAt: string };

function Comments() {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = useLoaderData<any>();
  const { t } = useTranslation(["daily"]);
  if (data.view !== "detail") return null;
  const comments = (data.comments ?? []) as Comment[];
  const video = data.item?.videoFileId as number | null;
  const moderator = data.roleId === 1 || data.roleId === 3;
  return (
    <>
      {video ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a class's own video, no caption track exists
        <video controls preload="metadata" src={`/files/${video}`} className="max-h-80 w-full max-w-3xl rounded" />
      ) : null}
      <section
        className="max-w-3xl rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100"
        data-testid="circle-comments"
        aria-labelledby="circle-comments-title"
      >
        <h2 id="circle-comments-title" className="text-sm font-semibold text-gray-800">
          {t("daily:classCircle.comments")}
        </h2>
        {comments.length === 0 ? <p className="mt-2 text-sm text-gray-500">{t("daily:classCircle.noComments")}</p> : null}
        <ul className="mt-2 divide-y divide-gray-100">
          {comments.map((c) => (
            <li key={c.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <span className={c.status === "hidden" ? "text-gray-400 line-through" : "text-gray-800"}>
                <span className="font-medium" data-value>
                  {c.userName}
                </span>
                : <span data-value>{c.content}</span>
                {c.status === "hidden" ? <span className="ml-2 text-xs no-underline">({t("daily:classCircle.commentHidden")})</span> : null}
              </span>
              {moderator ? (
                <Form method="post" className="flex gap-2">
                  <CsrfInput />
                  <input type="hidden" name="comment" value={c.id} />
                  {c.status !== "hidden" ? (
                    <Button type="submit" name="intent" value="hideComment" variant="outline" size="sm">
                      {t("daily:classCircle.hideComment")}
                    </Button>
                  ) : null}
                  <Button type="submit" name="intent" value="deleteComment" variant="outline" size="sm">
                    {t("daily:classCircle.deleteComment")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default function Page() {
  return (
    <div className="space-y-4">
      <ResourceSubPage />
      <Comments />
    </div>
  );
}
