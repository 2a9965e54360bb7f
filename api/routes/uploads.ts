import type { Context } from "hono";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { LocalObjectStore } from "@api/services/storage/local";
import type { App, Deps } from "@api/context";
import { ApiError, forbidden, langOf, ok } from "@api/http";
import { t } from "@api/i18n";
import { sizeText } from "@api/limits";
import { normaliseKey, type PutResult } from "@api/services/storage";
import { ClaimRefused, dropKey, releasePut, reserveKey, settleKey, takePut } from "@api/services/storage/claims";
import { uploadRefusal } from "./files";
import { uploadKindOf, type UploadKind } from "@contract/limits";
import { z } from "@hono/zod-openapi";
import { binaryDoc } from "@api/resources/engine/openapi";
import { envelope } from "./common";

const ROUTE = /^\/uploads\/([^/]+)\/(.+)$/;

/** Bucket and key of the raw request path, each percent-decoded exactly once (`..%2f` becomes `../`, then is refused). */
function target(c: Context): { bucket: string; key: string } {
  const m = ROUTE.exec(new URL(c.req.url).pathname);
  try {
    if (m) return { bucket: decodeURIComponent(m[1]!), key: decodeURIComponent(m[2]!) };
  } catch {
    // malformed percent-encoding: refused below
  }
  throw new ApiError(400, "upload.badKey");
}

const tooLarge = (c: Context, kind: UploadKind, max: number) =>
  new ApiError(413, "upload.tooLarge", { kind: t(langOf(c), `upload.kinds.${kind}`), max: sizeText(max) }, { kind, maxBytes: max });

/**
 * Local object storage: PUT uploads/temp/{key} with the securityToken of GET token/sts (header x-security-token).
 * Clients write only to the temporary bucket (403 for main). The key must be a plain relative path under the
 * credentials' prefix, of an accepted kind (contract/limits.ts UPLOAD_KINDS, by extension), never written before
 * (409), within the caller's quota of temporary uploads (429), and the body at most that kind's limit; it is streamed
 * to disk, never buffered.
 */
export function registerUploadRoutes(app: App, deps: Deps) {
  app.openAPIRegistry.registerPath({
    method: "put",
    path: "/uploads/{bucket}/{key}",
    operationId: "putUpload",
    tags: ["files"],
    summary: "Upload an object to the temporary bucket with the credentials of GET token/sts (local storage)",
    description:
      "The body is the file's bytes, streamed (any content type; the kind is taken from the key's extension and checked when POST files/ registers the key). Authenticate either with the header x-security-token (the sts securityToken; the key must start with its prefix) or with a signed URL of token/sts (query expires, max, signature; single use). `key` may contain slashes (`u7/2026/photo.jpg`), each segment percent-encoded. 403 for a bucket other than temp or a key outside the prefix, 409 for a key already written, 413 past the kind's limit, 429 past the quota of temporary uploads.",
    request: {
      params: z.object({
        bucket: z.enum(["temp"]).openapi({ param: { name: "bucket", in: "path", required: true }, description: "clients write only to temp" }),
        key: z.string().openapi({
          param: { name: "key", in: "path", required: true },
          description: "the object key (may contain /), under the credentials' prefix",
          example: "u7/2026/photo.jpg",
        }),
      }),
      headers: z.object({ "x-security-token": z.string().optional().openapi({ description: "securityToken of GET token/sts (unless the URL is signed)" }) }),
      query: z.object({
        expires: z.number().int().optional().openapi({ description: "signed URL: expiry (Unix seconds)" }),
        max: z.number().int().optional().openapi({ description: "signed URL: most bytes accepted" }),
        signature: z.string().optional().openapi({ description: "signed URL: its signature" }),
      }),
      body: { required: true, content: { "application/octet-stream": { schema: binaryDoc() } } },
    },
    responses: {
      200: {
        description: "code 200: stored",
        content: {
          "application/json": {
            schema: envelope(
              z.object({ bucket: z.string(), key: z.string(), kind: z.string().optional().openapi({ example: "image" }), size: z.number().int() }),
            ),
          },
        },
      },
    },
  });
  app.put("/uploads/*", async (c) => {
    const { bucket, key } = target(c);
    if (normaliseKey(key) == null) throw new ApiError(400, "upload.badKey");
    if (bucket !== "temp") throw forbidden("upload.outsidePrefix");
    if (c.req.query("signature") != null) return signedPut(c, deps, bucket, key);
    const kind = uploadKindOf(key);
    if (!kind) throw new ApiError(400, "upload.unknownKind");
    const maxBytes = deps.config.limits.upload[kind];
    let reserved = false;
    const beforeWrite = async (cred: { userId: number; expiresAt: string }) => {
      await reserveKey(deps.db, deps.files.bounds.quota, { userId: cred.userId, key, kind, bytes: maxBytes, expiresAt: cred.expiresAt, put: true });
      reserved = true;
    };
    let result: PutResult;
    try {
      result = await deps.storage.put({
        bucket,
        key,
        securityToken: c.req.header("x-security-token") ?? "",
        body: c.req.raw.body,
        declaredBytes: Number(c.req.header("content-length") ?? 0) || 0,
        maxBytes,
        beforeWrite,
      });
    } catch (e) {
      if (reserved) await dropKey(deps.db, key);
      if (e instanceof ClaimRefused) throw uploadRefusal(c, deps, e);
      throw e;
    }
    if (result.stored) {
      await settleKey(deps.db, key, result.size);
      return ok(c, { bucket, key, kind, size: result.size });
    }
    if (reserved) await dropKey(deps.db, key);
    if (result.reason === "tooLarge") throw tooLarge(c, kind, maxBytes);
    if (result.reason === "badKey") throw new ApiError(400, "upload.badKey");
    if (result.reason === "conflict") throw new ApiError(409, "error.conflict");
    throw forbidden("upload.outsidePrefix");
  });
}

/**
 * A signed, expiring upload URL of GET token/sts (local back end): PUT uploads/temp/{key}?expires&max&signature, once
 * (409 after a PUT that succeeded; one that failed may be tried again). The body is streamed to the temporary bucket,
 * at most `max` bytes (413 and nothing kept past it); its content is checked when POST files/ registers it.
 */
async function signedPut(c: Context, deps: Deps, bucket: string, key: string) {
  const store = deps.files.store;
  const expires = Number(c.req.query("expires"));
  const max = Number(c.req.query("max"));
  if (!(store instanceof LocalObjectStore) || bucket !== "temp" || !store.verify(bucket, key, expires, max, c.req.query("signature") ?? ""))
    throw forbidden("upload.outsidePrefix");
  const declared = Number(c.req.header("content-length") ?? 0);
  const tooBig = () => new ApiError(413, "error.tooLarge", { max: sizeText(max) }, { maxBytes: max });
  if (declared > max) throw tooBig();
  if (!(await takePut(deps.db, key))) throw new ApiError(409, "upload.used");
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > max ? new RangeError("tooLarge") : null, chunk);
    },
  });
  const body = c.req.raw.body ? Readable.fromWeb(c.req.raw.body as unknown as WebReadableStream<Uint8Array>).pipe(counter) : Readable.from([]);
  try {
    await store.put("temp", key, body, { contentType: c.req.header("content-type") ?? "application/octet-stream" });
  } catch (e) {
    await releasePut(deps.db, key);
    if (e instanceof RangeError || size > max) throw tooBig();
    throw e;
  }
  await settleKey(deps.db, key, size);
  return ok(c, { bucket, key, size });
}
