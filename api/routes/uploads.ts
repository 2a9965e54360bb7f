import type { Context } from "hono";
import type { App, Deps } from "@api/context";
import { ApiError, forbidden, langOf, ok } from "@api/http";
import { t } from "@api/i18n";
import { sizeText } from "@api/limits";
import { normaliseKey } from "@api/services/storage";
import { uploadKindOf, type UploadKind } from "@contract/limits";

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
 * Local object storage: PUT uploads/{bucket}/{key} with the securityToken of GET token/sts (header x-security-token).
 * The key must be a plain relative path under the credentials' prefix, of an accepted kind (contract/limits.ts
 * UPLOAD_KINDS, by extension), and the body at most that kind's limit; it is streamed to disk, never buffered.
 */
export function registerUploadRoutes(app: App, deps: Deps) {
  app.put("/uploads/*", async (c) => {
    const { bucket, key } = target(c);
    if (normaliseKey(key) == null) throw new ApiError(400, "upload.badKey");
    const kind = uploadKindOf(key);
    if (!kind) throw new ApiError(400, "upload.unknownKind");
    const maxBytes = deps.config.limits.upload[kind];
    const result = await deps.storage.put({
      bucket,
      key,
      securityToken: c.req.header("x-security-token") ?? "",
      body: c.req.raw.body,
      declaredBytes: Number(c.req.header("content-length") ?? 0) || 0,
      maxBytes,
    });
    if (result.stored) return ok(c, { bucket, key, kind, size: result.size });
    if (result.reason === "tooLarge") throw tooLarge(c, kind, maxBytes);
    if (result.reason === "badKey") throw new ApiError(400, "upload.badKey");
    if (result.reason === "conflict") throw new ApiError(409, "error.conflict");
    throw forbidden("upload.outsidePrefix");
  });
}
