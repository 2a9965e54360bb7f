import { useEffect, useState } from "react";
import type * as React from "react";
import type { FormField } from "@contract/resource-view";
import type { FieldMeta } from "./field-meta";
import { useHydrated } from "~/components/ui/hydrated";
import { useResourceT } from "./i18n";

/** Kept in step with FILE_INPUT_SUFFIX and REMOVE_SUFFIX of app/utils/upload.server.ts. */
const FILE_INPUT_SUFFIX = "__file";
const REMOVE_SUFFIX = "__remove";

const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []).filter((x) => /^\d+$/.test(x));

/**
 * An `images` field (issue 12): the value is an ordered list of image file ids. The current images are thumbnails, each
 * with its id in a hidden input (kept on save) and a "remove" checkbox; one `<input type="file" multiple>` adds new ones
 * after them. It is a plain multipart post, the same with and without JavaScript: the console action streams each chosen
 * file to the API (app/utils/upload.server.ts readUploadForm), which checks it by content and size. With JavaScript,
 * choosing more than the field holds is refused at once (the server refuses it too), and the chosen photos are shown
 * before saving (`blob:` previews, allowed for images by the console's CSP).
 */
export function ImagesField({ f, field }: { f: FormField; field: Omit<FieldMeta, "constraint"> }) {
  const { t } = useResourceT();
  const hydrated = useHydrated();
  const max = f.max ?? 9;
  const ids = idsOf(field.initialValue);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  // The previews' object URLs are released when replaced or when the field goes.
  useEffect(() => () => chosen.forEach((u) => URL.revokeObjectURL(u)), [chosen]);

  function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    setChosen(Array.from(input.files ?? []).map((file) => URL.createObjectURL(file)));
    const removed = input.form ? new FormData(input.form).getAll(`${f.name}${REMOVE_SUFFIX}`).length : 0;
    if (ids.length - removed + (input.files?.length ?? 0) > max) {
      setError(t("crud:files.tooManyImages", { max }));
      input.value = "";
      setChosen([]);
    } else setError(null);
  }

  return (
    <div className="space-y-2" data-testid={`images-field-${f.name}`}>
      {ids.length ? (
        <ul className="flex flex-wrap gap-3" data-testid={`images-current-${f.name}`}>
          {ids.map((id, i) => (
            <li key={id} className="space-y-1" data-testid="images-current-item">
              <input type="hidden" name={field.name} value={id} />
              <a href={`/files/${id}`} className="block">
                <img
                  src={`/files/${id}?variant=thumb`}
                  alt={t("crud:files.imageN", { n: i + 1 })}
                  className="h-20 w-20 rounded object-cover ring-1 ring-gray-200"
                />
              </a>
              <label className="flex items-center gap-1 text-xs text-gray-600">
                <input type="checkbox" name={`${f.name}${REMOVE_SUFFIX}`} value={id} className="h-3.5 w-3.5" data-testid={`images-remove-${i + 1}`} />
                {t("crud:files.remove")}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        type="file"
        multiple
        id={field.id}
        name={`${f.name}${FILE_INPUT_SUFFIX}`}
        accept={f.accept ?? "image/jpeg,image/png"}
        onChange={hydrated ? onChange : undefined}
        aria-invalid={!field.valid || !!error || undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className="block text-sm text-gray-700 file:mr-3 file:rounded file:border-0 file:bg-sky-50 file:px-3 file:py-1.5 file:text-sky-700"
        data-testid={`file-input-${f.name}`}
      />
      {chosen.length ? (
        <ul className="flex flex-wrap gap-3" aria-label={t("crud:files.chosen")} data-testid={`images-chosen-${f.name}`}>
          {chosen.map((url, i) => (
            <li key={url}>
              <img src={url} alt={t("crud:files.imageN", { n: ids.length + i + 1 })} className="h-20 w-20 rounded object-cover ring-1 ring-gray-200" />
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600" data-testid={`file-error-${f.name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
