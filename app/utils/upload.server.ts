import { json } from "@remix-run/node";
import { BODY_LIMITS, MB } from "@contract/limits";
import { fileReplySchema, MAX_IMAGES, type FileKind, type FileReply } from "@contract/files";
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
/**
 * A file field's new upload, by name (`photoFileId__uploaded` = "photo.png"): posted beside the id so that a form the
 * server refuses shows the file chosen is kept (its thumbnail and name) instead of an empty "no file chosen".
 */
export const UPLOADED_SUFFIX = "__uploaded";
/** An `images` field's "remove" checkboxes: `imageFileIds__remove` = the id of a current image to drop. */
export const REMOVE_SUFFIX = "__remove";

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

/** Every `images` field of a definition with its most images. */
export const imagesFieldsOf = (def: ResourceDefinition): Record<string, number> =>
  Object.fromEntries(
    allFormFields(def)
      .filter((f) => f.kind === "images")
      .map((f) => [f.name, f.max ?? MAX_IMAGES]),
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

/**
 * `images` fields (`images`: name → most images): the field's hidden inputs hold the current ids in order, its
 * `__remove` checkboxes the ids to drop, its one `multiple` file input the new images — each streamed to the API like a
 * single file and appended to the list. A file past the most images is not sent; when any image of the field is refused
 * (too many, not an image by content, too large) the images this post stored for it are deleted again, so a refused post
 * leaves nothing behind, and the field's message says why.
 */
export async function readUploadForm(request: Request, fileFields: Record<string, FileKind>, images: Record<string, number> = {}): Promise<UploadForm> {
  const t = await getT(request, "common");
  const boundary = boundaryOf(request.headers.get("content-type"));
  if (!boundary || !request.body) throw await refusal(request, 400, t("errors.csrf"));
  const formData = new FormData();
  const uploadErrors: Record<string, string[]> = {};
  const uploaded: Record<string, FileReply> = {};
  const api = upstream(request);
  let csrfChecked = false;
  let textBytes = 0;
  const added: Record<string, string[]> = {};
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
      if (field && images[field] != null && part.filename) {
        if (uploadErrors[field]) continue; // the field is refused already: the rest is not stored
        const removed = new Set(formData.getAll(`${field}${REMOVE_SUFFIX}`).map(String));
        if (formData.getAll(field).filter((v) => !removed.has(String(v))).length >= images[field]!) {
          uploadErrors[field] = [(await getT(request, "crud"))("crud:files.tooManyImages", { max: images[field] })];
          continue;
        }
        try {
          const { data } = await api.upload("files/", {
            query: { kind: "image" },
            file: { name: "file", filename: part.filename, contentType: part.contentType, body: part.body },
            schema: fileReplySchema,
          });
          formData.append(field, String(data.id));
          (added[field] ??= []).push(String(data.id));
          uploaded[field] = data;
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
          uploadErrors[field] = [classifyUpstreamFailure(error).text];
        }
        continue;
      }
      if (!field || !kind || !part.filename) continue; // no file chosen (an empty part) or not a file field: skipped
      try {
        const { data } = await api.upload("files/", {
          query: { kind },
          file: { name: "file", filename: part.filename, contentType: part.contentType, body: part.body },
          schema: fileReplySchema,
        });
        formData.set(field, String(data.id));
        formData.set(`${field}${UPLOADED_SUFFIX}`, data.name);
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
  for (const field of Object.keys(images)) {
    const dropped = new Set(formData.getAll(`${field}${REMOVE_SUFFIX}`).map(String));
    if (uploadErrors[field]) {
      // Nothing of a refused field is kept: its new uploads go again (the caller's own temporary files).
      for (const id of added[field] ?? []) {
        dropped.add(id);
        await api.envelope("DELETE", `files/${id}`).catch(() => undefined);
      }
      delete uploaded[field];
    }
    const list = formData.getAll(field).map(String);
    formData.delete(field);
    formData.delete(`${field}${REMOVE_SUFFIX}`);
    for (const id of list) if (!dropped.has(id)) formData.append(field, id);
  }
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
