// Not the resource engine's translator: the expert evaluation pages use these too and must not load the definitions.
import { useTranslation } from "~/utils/i18n-react";

/** A record's image ids as the API gives them (an array; anything else: none). */
const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).filter((x) => /^\d+$/.test(x)) : []);

/** A list cell of an `images` column: the first thumbnail (through the console's checked /files route) and "+N" for the others. */
export function ImagesCell({ value }: { value: unknown }) {
  const { t } = useTranslation("crud");
  const ids = idsOf(value);
  if (!ids.length) return null;
  return (
    <span className="inline-flex items-center gap-1">
      <img
        src={`/files/${ids[0]}?variant=thumb`}
        alt={t("files.thumbnail")}
        width={40}
        height={40}
        loading="lazy"
        className="h-10 w-10 rounded object-cover"
        data-testid="cell-thumbnail"
      />
      {ids.length > 1 ? (
        <span className="text-xs text-gray-500" title={t("files.moreImages", { count: ids.length - 1 })} data-testid="cell-more-images">
          +{ids.length - 1}
        </span>
      ) : null}
    </span>
  );
}

/** Every image of a record as a thumbnail linking to the image (detail and evaluation pages). */
export function ImagesGallery({ value }: { value: unknown }) {
  const { t } = useTranslation("crud");
  const ids = idsOf(value);
  if (!ids.length) return <>—</>;
  return (
    <ul className="flex flex-wrap gap-2" data-testid="images-gallery">
      {ids.map((id, i) => (
        <li key={id}>
          <a href={`/files/${id}`} data-testid="gallery-image">
            <img src={`/files/${id}?variant=thumb`} alt={t("files.imageN", { n: i + 1 })} className="h-20 w-20 rounded object-cover ring-1 ring-gray-200" />
          </a>
        </li>
      ))}
    </ul>
  );
}
