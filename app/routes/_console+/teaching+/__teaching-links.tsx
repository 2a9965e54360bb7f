import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";

type Row = Record<string, unknown> & { id: number };
const cls = "text-sm text-primary hover:underline";

/** Row links of the teaching lists: the PDF / video of a record (through the console's checked /files route), the expert's evaluation page, a homework's submissions. */
export function FileLinks({ item }: { item: Row }) {
  const { t } = useTranslation("teaching");
  return (
    <>
      {item.pdfFileId != null ? (
        <a href={`/files/${String(item.pdfFileId)}`} className={cls} data-testid={`pdf-${item.id}`}>
          {t("links.openPdf")}
        </a>
      ) : null}
      {item.videoFileId != null ? (
        <a href={`/files/${String(item.videoFileId)}`} className={cls} data-testid={`video-${item.id}`}>
          {t("links.playVideo")}
        </a>
      ) : null}
    </>
  );
}

export function EvaluateLink({ item, page }: { item: Row; page: "evaluate1" | "evaluate2" }) {
  const { t } = useTranslation("teaching");
  const actions = (item.actions ?? {}) as Record<string, boolean>;
  if (!actions.evaluate) return null;
  return (
    <Link to={`/evaluate/${page}/${item.id}`} className={cls} data-testid={`evaluate-${item.id}`}>
      {t("evaluate.evaluateLink")}
    </Link>
  );
}

export function SubmissionsLink({ item }: { item: Row }) {
  const { t } = useTranslation("teaching");
  return (
    <Link to={`/teaching/homeworks/${item.id}/submissions`} className={cls} data-testid={`submissions-${item.id}`}>
      {t("links.submissions")}
    </Link>
  );
}
