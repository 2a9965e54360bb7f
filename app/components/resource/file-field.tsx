import { useState } from "react";
import type * as React from "react";
import type { FormField } from "@contract/resource-view";
import { UPLOADED_SUFFIX, type FieldMeta } from "./field-meta";
import { useHydrated } from "~/components/ui/hydrated";
import { useResourceT } from "./i18n";

/** Kept in step with FILE_INPUT_SUFFIX of app/utils/upload.server.ts. */
const FILE_INPUT_SUFFIX = "__file";
const KIND_ACCEPT = { image: "image/jpeg,image/png", video: "video/mp4", pdf: "application/pdf" } as const;

/**
 * An upload field (issue 10). The field's value is a file id, kept in a hidden input (the current file: saving
 * without a new file keeps it). Without JavaScript the chosen file goes with the form (multipart) and the console
 * action streams it to the API. With JavaScript the file is sent at once to /files with a progress bar and a preview,
 * the hidden input takes the new id, and the form posts no file. The preview of a chosen photo is shown at once (a
 * `blob:` URL, allowed for images by the console's CSP); a new upload's name goes with the form (`<name>__uploaded`),
 * so when the server refuses the save the page still shows the photo chosen (its thumbnail) and says it is kept.
 */
export function FileField({ f, field }: { f: FormField; field: Omit<FieldMeta, "constraint"> }) {
  const { t } = useResourceT();
  const hydrated = useHydrated();
  const kind = f.fileKind ?? (f.kind === "image" ? "image" : "pdf");
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const [id, setId] = useState(initial);
  const [preview, setPreview] = useState<string | null>(initial && kind === "image" ? `/files/${initial}?variant=thumb` : null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploadedName, setUploadedName] = useState(field.uploadedName ?? "");

  function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const before = { id, preview, uploadedName };
    if (kind === "image") setPreview(URL.createObjectURL(file));
    const csrf = (input.form?.querySelector('input[name="csrf"]') as HTMLInputElement | null)?.value ?? "";
    const body = new FormData();
    body.append("csrf", csrf);
    body.append(`upload${FILE_INPUT_SUFFIX}`, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/files?kind=${kind}`);
    xhr.responseType = "json";
    setError(null);
    setProgress(0);
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) setProgress(Math.round((ev.loaded * 100) / ev.total));
    };
    const failed = (message: string) => {
      setProgress(null);
      setError(message);
      setId(before.id);
      setPreview(before.preview);
      setUploadedName(before.uploadedName);
    };
    xhr.onload = () => {
      const reply = xhr.response as { file?: { id: number; name: string }; error?: string } | null;
      input.value = "";
      if (xhr.status === 200 && reply?.file) {
        setProgress(null);
        setId(String(reply.file.id));
        setUploadedName(reply.file.name);
      } else failed(reply?.error ?? t("crud:files.failed"));
    };
    xhr.onerror = () => failed(t("crud:files.failed"));
    xhr.send(body);
  }

  return (
    <div className="space-y-2" data-testid={`file-field-${f.name}`}>
      <input type="hidden" name={field.name} value={id} />
      {uploadedName ? <input type="hidden" name={`${f.name}${UPLOADED_SUFFIX}`} value={uploadedName} /> : null}
      {preview ? (
        <img
          src={preview}
          alt={t("crud:files.preview")}
          className="h-20 w-20 rounded object-cover ring-1 ring-gray-200"
          data-testid={`file-preview-${f.name}`}
        />
      ) : id ? (
        <a href={`/files/${id}`} className="text-sm text-primary hover:underline">
          {t("crud:files.current")}
        </a>
      ) : null}
      {uploadedName && id ? (
        <p className="text-sm text-gray-600" data-testid={`file-uploaded-${f.name}`}>
          {t("crud:files.uploaded", { name: uploadedName })}
        </p>
      ) : null}
      <input
        type="file"
        id={field.id}
        name={`${f.name}${FILE_INPUT_SUFFIX}`}
        accept={f.accept ?? KIND_ACCEPT[kind]}
        onChange={hydrated ? onChange : undefined}
        aria-invalid={!field.valid || !!error || undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className="block text-sm text-gray-700 file:mr-3 file:rounded file:border-0 file:bg-sky-50 file:px-3 file:py-1.5 file:text-sky-700"
        data-testid={`file-input-${f.name}`}
      />
      {progress != null ? (
        <progress value={progress} max={100} aria-label={t("crud:files.uploading")} className="h-2 w-full" data-testid={`file-progress-${f.name}`} />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600" data-testid={`file-error-${f.name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
