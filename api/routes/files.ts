import { Readable } from "node:stream";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { cleanFileName, FILE_KINDS, fileReplySchema, isFileKind, type FileKind } from "@contract/files";
import { boundaryOf, MultipartError, readMultipart } from "@contract/multipart";
import type { App, AppEnv, Deps } from "@api/context";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { write } from "@api/db/audit";
import { ApiError, langOf, notFound, ok, pathId } from "@api/http";
import { t } from "@api/i18n";
import { sizeText } from "@api/limits";
import { FILE_OWNERS, fileReply, UploadRefused } from "@api/services/storage/files";
import { ClaimRefused } from "@api/services/storage/claims";
import { scoped } from "@api/tenancy";
import { users } from "@contract/resources/users";
import { normaliseKey } from "@api/services/storage";
import { envelope, tokenHeader } from "./common";
import { binaryDoc, fileReplyDoc, MEDIA } from "@api/resources/engine/openapi";

const tags = ["files"];

/** A short url-encoded body (a key and a name), refused (413) past 8 KB while reading. */
async function smallBody(body: ReadableStream<Uint8Array> | null, max = 8 * 1024): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (body)
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > max) throw new ApiError(413, "error.tooLarge", { max: sizeText(max) }, { maxBytes: max });
      chunks.push(chunk);
    }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Why an upload was refused, as the API answers it: 413 past the kind's limit, 400 "file format error" (section 5/8)
 * for content that is not of the kind, 400 for a picture of too many pixels, 429 past the user's quota of
 * temporary uploads, 409 for an upload key used already.
 */
export function uploadRefusal(c: Context, deps: Deps, e: UploadRefused | ClaimRefused, kind: FileKind = "image") {
  const lang = langOf(c);
  switch (e.reason) {
    case "tooLarge": {
      const max = (e as UploadRefused).maxBytes;
      return new ApiError(413, "upload.tooLarge", { kind: t(lang, `upload.kinds.${FILE_KINDS[kind].limit}`), max: sizeText(max) }, { kind, maxBytes: max });
    }
    case "tooManyPixels": {
      const megapixels = +(deps.files.bounds.maxPixels / 1_000_000).toFixed(1);
      return new ApiError(400, "upload.tooManyPixels", { megapixels }, { kind, maxPixels: deps.files.bounds.maxPixels });
    }
    case "quota": {
      const { files: maxFiles, bytes } = deps.files.bounds.quota;
      return new ApiError(429, "upload.quota", { files: maxFiles, max: sizeText(bytes) }, { maxFiles, maxBytes: bytes });
    }
    case "used":
      return new ApiError(409, "upload.used");
    default:
      return new ApiError(400, "upload.formatError", {}, { kind, accepted: Object.keys(FILE_KINDS[kind].types) });
  }
}

/** Content-Disposition with the file's name (RFC 6266: an ASCII fallback and the UTF-8 name, no control or bidi character). */
export function disposition(type: "inline" | "attachment", name: string) {
  const clean = cleanFileName(name, "file");
  const ascii = clean.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/**
 * Files of records (issue 10):
 *   POST   files/?kind=image|video|pdf   multipart `file` (streamed, checked by content) — or form `key` naming an object
 *                                        uploaded directly to the temporary bucket (GET token/sts): the temporary file
 *   GET    files/{id}[?variant=thumb]    the bytes, for a user allowed to see the record the file belongs to (404 else)
 *   DELETE files/{id}                    the caller's own temporary upload
 * A record takes a temporary file when it is saved (the user photo: field photoFileId), which moves it to main.
 */
export function registerFileRoutes(app: App, deps: Deps) {
  const { requireAuth, mayUse } = makeGuards(deps);
  // A user's photo: whoever may list users and reaches that user (tenancy).
  FILE_OWNERS.users ??= async (d, scope, id) =>
    (await makeGuards(d).mayUse(scope, users, "list")) && !!(await scoped.users(d.db, scope).select("id").where("id", "=", id).executeTakeFirst());
  void mayUse;
  const files = deps.files;

  app.openAPIRegistry.registerPath({
    method: "post",
    path: "/files/",
    tags,
    summary: "Upload a file (temporary until a record uses it)",
    description:
      "multipart/form-data with the part `file` (streamed; at most the kind's limit, else 413), or a form with `key`: an object uploaded directly to the temporary bucket with the target of GET token/sts. The content decides: image JPG/PNG (a 240 px thumbnail is made), video MP4, pdf PDF; anything else answers 400 with the file-format-error message, and nothing is stored.",
    security: tokenHeader,
    request: {
      query: z.object({ kind: z.enum(["image", "video", "pdf"]).optional() }),
      body: {
        required: true,
        content: {
          "multipart/form-data": { schema: z.object({ file: binaryDoc() }) },
          "application/x-www-form-urlencoded": { schema: z.object({ key: z.string(), name: z.string().optional() }) },
        },
      },
    },
    responses: { 200: { description: "the stored temporary file", content: { "application/json": { schema: envelope(fileReplySchema) } } } },
  });
  app.post("/files/", requireAuth, async (c) => {
    const scope = scopeOf(c);
    const kindParam = c.req.query("kind") ?? "image";
    if (!isFileKind(kindParam)) throw new ApiError(400, "upload.unknownKind");
    const kind = kindParam;
    const type = c.req.header("content-type") ?? "";
    try {
      if (/^application\/x-www-form-urlencoded/i.test(type)) {
        const form = new URLSearchParams(await smallBody(c.req.raw.body));
        const key = form.get("key") ?? "";
        if (normaliseKey(key) == null || !key.startsWith(`u${scope.userId}/`)) throw new ApiError(400, "upload.badKey");
        const row = await files.register({ kind, userId: scope.userId, key, name: form.get("name") ?? key.split("/").pop()! });
        return ok(c, fileReply(row));
      }
      const boundary = boundaryOf(type);
      if (!boundary || !c.req.raw.body) throw new ApiError(400, "error.badBody");
      const declared = Number(c.req.header("content-length") ?? 0);
      if (declared > files.maxBytes(kind) + 64 * 1024) throw uploadRefusal(c, deps, new UploadRefused("tooLarge", files.maxBytes(kind)), kind);
      for await (const part of readMultipart(c.req.raw.body, boundary)) {
        if (part.name !== "file" || part.filename == null) continue;
        const row = await files.upload({ kind, userId: scope.userId, name: part.filename, body: part.body });
        return ok(c, fileReply(row));
      }
      throw new ApiError(400, "upload.fileRequired");
    } catch (e) {
      if (e instanceof UploadRefused || e instanceof ClaimRefused) throw uploadRefusal(c, deps, e, kind);
      if (e instanceof MultipartError) throw new ApiError(400, "error.badBody");
      if (e instanceof ApiError) throw e;
      console.error(`[api] POST /files/ (${kind}) failed: ${(e as Error)?.message ?? e}`);
      throw new ApiError(500, kind === "image" ? "upload.imageFailed" : "upload.failed");
    }
  });

  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/files/{id}",
    tags,
    summary: "A file's bytes (or its thumbnail), for a user allowed to see the record it belongs to",
    description: "404 when there is no such file or the caller may not see its record (another kindergarten's user, another uploader's temporary file).",
    security: tokenHeader,
    request: {
      params: z.object({
        id: z.coerce
          .number()
          .int()
          .positive()
          .openapi({ param: { name: "id", in: "path" } }),
      }),
      query: z.object({ variant: z.enum(["file", "thumb"]).optional() }),
    },
    responses: {
      ...fileReplyDoc("The bytes with the file's own content type (image JPEG/PNG, MP4 video, PDF); the thumbnail (variant=thumb) is JPEG", [
        MEDIA.jpeg,
        MEDIA.png,
        MEDIA.mp4,
        MEDIA.pdf,
      ]),
    },
  });
  app.get("/files/:id{[0-9]+}", requireAuth, async (c: Context<AppEnv>) => {
    const row = await files.visible(deps, scopeOf(c), pathId(c));
    if (!row) throw notFound();
    const variant = c.req.query("variant") === "thumb" ? "thumb" : "file";
    const obj = await files.open(row, variant);
    if (!obj) throw notFound();
    const name = variant === "thumb" ? row.name.replace(/\.[^.]*$/, "") + ".thumb.jpg" : row.name;
    const headers = new Headers({
      "content-type": variant === "thumb" ? "image/jpeg" : row.content_type,
      "content-length": String(obj.size),
      "content-disposition": disposition(c.req.query("download") ? "attachment" : "inline", name),
      "cache-control": "private, max-age=300",
      "x-content-type-options": "nosniff",
    });
    c.header("content-security-policy", "default-src 'none'; sandbox");
    return new Response(Readable.toWeb(obj.body) as unknown as ReadableStream, { status: 200, headers: new Headers([...c.res.headers, ...headers]) });
  });

  app.openAPIRegistry.registerPath({
    method: "delete",
    path: "/files/{id}",
    tags,
    summary: "Delete the caller's own temporary upload (a file a record uses goes with the record or its replacement)",
    security: tokenHeader,
    request: {
      params: z.object({
        id: z.coerce
          .number()
          .int()
          .positive()
          .openapi({ param: { name: "id", in: "path" } }),
      }),
    },
    responses: { 200: { description: "deleted", content: { "application/json": { schema: envelope(z.null()) } } } },
  });
  app.delete("/files/:id{[0-9]+}", requireAuth, async (c: Context<AppEnv>) => {
    const scope = scopeOf(c);
    const row = await files.visible(deps, scope, pathId(c));
    if (!row || row.record_type != null) throw notFound();
    try {
      await write(deps.db, { userId: scope.userId, roleId: scope.roleId }, (w) => files.remove(w, Number(row.id)));
    } catch (e) {
      console.error(`[api] DELETE /files/${row.id} failed: ${(e as Error)?.message ?? e}`);
      throw new ApiError(500, row.kind === "image" ? "upload.imageDeleteFailed" : "upload.deleteFailed");
    }
    return ok(c, null);
  });
}
