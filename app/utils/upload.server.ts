import { json } from "@remix-run/node";
import { BODY_LIMITS, MB } from "@contract/limits";
import { fileReplySchema, type FileKind, type FileReply } from "@contract/files";
import { boundaryOf, MultipartError, readMultipart } from "@contract/multipart";
import { allFormFields, type FormField, type ResourceDefinition } from "@contract/resource";
import { checkCsrfValue, CsrfError, CSRF_FIELD } from "./csrf.server";
import { getT } from "./i18n.server";
import { setSecurityHeaders } from "./security-headers.server";
import { classifyUpstreamFailure, upstream, UpstreamError } from "./upstream.server";

/**
 * Upload fields without JavaScript (issue 10): a form with file fields posts multipart/form-data to its console action;
 * `readUploadForm` reads that post as a stream — text fields into a FormData (within the form limit), each chosen file
 * straight through the upstream client to the API's `POST files/` (never held whole; the API checks type and size) —
 * and puts the new file's id in the field. The CSRF token must come before the first file (forms render it first).
 *
 * The file input of field `photoFileId` is named `photoFileId__file`; the field itself (a hidden input) keeps the
 * current file id, so a save without a new file keeps the photo.
 */
export const FILE_INPUT_SUFFIX = "__file";

export const isMultipart = (request: Request) => /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");

/** The kind the API should check a file field's content against. */
export const fileKindOf = (f: FormField): FileKind => f.fileKind ?? (f.kind === "image" ? "image" : "pdf");

/** Every file field of a definition with its kind. */
export const fileFieldsOf = (def: ResourceDefinition): Record<string, FileKind> =>
  Object.fromEntries(
    allFormFields(def)
      .filter((f) => f.kind === "image" || f.kind === "file")
      .map((f) => [f.name, fileKindOf(f)]),
  );

export interface UploadForm {
  formData: FormData;
  /** Messages of refused files by field (the API's: file format error, too large, …). */
  uploadErrors: Record<string, string[]>;
  /** The files stored by this post, by field. */
  uploaded: Record<string, FileReply>;
}

async function refusal(request: Request, status: 400 | 403 | 413, message: string) {
  return new Response(message, { status, headers: setSecurityHeaders(new Headers({ "Content-Type": "text/plain; charset=utf-8" }), request) });
}

export async function readUploadForm(request: Request, fileFields: Record<string, FileKind>): Promise<UploadForm> {
  const t = await getT(request, "common");
  const boundary = boundaryOf(request.headers.get("content-type"));
  if (!boundary || !request.body) throw await refusal(request, 400, t("errors.csrf"));
  const formData = new FormData();
  const uploadErrors: Record<string, string[]> = {};
  const uploaded: Record<string, FileReply> = {};
  const api = upstream(request);
  let csrfChecked = false;
  let textBytes = 0;
  try {
    for await (const part of readMultipart(request.body, boundary)) {
      if (part.filename == null) {
        const value = await part.text(BODY_LIMITS.form);
        textBytes += value.length;
        if (textBytes > BODY_LIMITS.form) throw await refusal(request, 413, t("errors.tooLarge", { limit: `${BODY_LIMITS.form / MB} MB` }));
        if (part.name === CSRF_FIELD && !csrfChecked) {
          await checkCsrfValue(request, value);
          csrfChecked = true;
        }
        formData.append(part.name, value);
        continue;
      }
      if (!csrfChecked) throw new CsrfError("file before csrf token");
      const field = part.name.endsWith(FILE_INPUT_SUFFIX) ? part.name.slice(0, -FILE_INPUT_SUFFIX.length) : null;
      const kind = field ? fileFields[field] : undefined;
      if (!field || !kind || !part.filename) continue; // no file chosen (an empty part) or not a file field: skipped
      try {
        const { data } = await api.upload("files/", {
          query: { kind },
          file: { name: "file", filename: part.filename, contentType: part.contentType, body: part.body },
          schema: fileReplySchema,
        });
        formData.set(field, String(data.id));
        uploaded[field] = data;
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        uploadErrors[field] = [classifyUpstreamFailure(error).text];
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof CsrfError) throw await refusal(request, 403, t("errors.csrf"));
    if (error instanceof MultipartError) throw await refusal(request, 400, t("errors.csrf"));
    throw error;
  }
  if (!csrfChecked) throw await refusal(request, 403, t("errors.csrf"));
  return { formData, uploadErrors, uploaded };
}

/** The JavaScript upload of a file field (progress and preview): POST /files?kind= with csrf and `upload__file`. */
export async function uploadAction(request: Request) {
  const kind = new URL(request.url).searchParams.get("kind");
  const fileKind: FileKind = kind === "video" || kind === "pdf" ? kind : "image";
  if (!isMultipart(request)) return json({ error: "multipart/form-data expected" }, { status: 400 });
  const r = await readUploadForm(request, { upload: fileKind });
  if (r.uploadErrors.upload) return json({ error: r.uploadErrors.upload[0] }, { status: 400 });
  if (!r.uploaded.upload) return json({ error: (await getT(request, "crud"))("crud:files.required") }, { status: 400 });
  return json({ file: r.uploaded.upload });
}
