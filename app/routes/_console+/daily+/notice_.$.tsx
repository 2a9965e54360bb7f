import { dateFormat, langOf } from "@contract/format";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { noticeExtras } from "./__daily.server";

/**
 * /daily/notice/new, /<id>, /<id>/edit, /<id>/delete, /<id>/publish (the record action: section 5's rules — a draft
 * saved first, recipients and content before publishing). Opening a published notice marks it read; its author and
 * the principal see who has read it, and its video plays on the detail page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const res = await resourceSubLoader("notices")(args);
  if (!(res instanceof Response) || res.status !== 200) return res;
  const data = await res.json();
  if (data.view !== "detail" || !data.item) return json(data);
  const reads = data.item.status === "published" ? await noticeExtras(args.request, Number(data.item.id), data.roleId) : null;
  return json({ ...data, reads });
}
export const action = /* @__PURE__ */ resourceSubAction("notices");
export const meta = pageMeta;

type Reads = { list: { userId: number; name: string; roleIds: number[]; readAt: string | null }[]; total: number; read: number } | null;

function Extras() {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = useLoaderData<any>();
  const { t, i18n } = useTranslation(["daily", "menu"]);
  if (data.view !== "detail") return null;
  const reads = data.reads as Reads;
  const video = data.item?.videoFileId as number | null;
  const when = (iso: string) => dateFormat(langOf(i18n.language), { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Shanghai" }).format(new Date(iso));
  return (
    <>
      {video ? (
        <section className="max-w-3xl rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100">
          <h2 className="text-sm font-semibold text-gray-800">{t("daily:notice.video")}</h2>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a notice's own video, no caption track exists */}
          <video controls preload="metadata" src={`/files/${video}`} className="mt-2 max-h-80 w-full rounded" />
        </section>
      ) : null}
      {reads ? (
        <section className="max-w-3xl rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100" data-testid="notice-reads" aria-labelledby="notice-reads-title">
          <h2 id="notice-reads-title" className="text-sm font-semibold text-gray-800">
            {t("daily:notice.readers")} ({reads.read}/{reads.total})
          </h2>
          <table className="mt-2 min-w-full text-sm">
            <thead className="text-left text-gray-600">
              <tr>
                <th scope="col" className="py-1 pr-4">
                  {t("daily:notice.reader")}
                </th>
                <th scope="col" className="py-1">
                  {t("daily:notice.readAt")}
                </th>
              </tr>
            </thead>
            <tbody>
              {reads.list.slice(0, 500).map((r) => (
                <tr key={r.userId} className="border-t border-gray-100">
                  <td className="py-1 pr-4">
                    {r.name} <span className="text-xs text-gray-500">{r.roleIds.map((id) => t(`menu:role.${id}`)).join(", ")}</span>
                  </td>
                  <td className="py-1">{r.readAt ? when(r.readAt) : <span className="text-gray-500">{t("daily:notice.notRead")}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}

export default function Page() {
  return (
    <div className="space-y-4">
      <ResourceSubPage />
      <Extras />
    </div>
  );
}
