/**
 * Request size limits of the school API, in one place (the console may show them next to file inputs).
 * The API enforces them while reading a body (api/limits.ts) and answers 413 past them; each is
 * overridable by the environment (README "Settings").
 */
export const MB = 1024 * 1024;

/** Bodies of ordinary requests, by content type. */
export const BODY_LIMITS = {
  /** application/x-www-form-urlencoded (every write of the console) and any other or missing type. */
  form: 1 * MB,
  /** application/json */
  json: 1 * MB,
  /** multipart/form-data (imports of .xlsx/.csv) */
  multipart: 10 * MB,
} as const;
export type BodyKind = keyof typeof BODY_LIMITS;

/** What `PUT uploads/{bucket}/{key}` accepts: the kind is read off the key's extension. */
export const UPLOAD_KINDS = {
  image: { maxBytes: 10 * MB, extensions: ["jpg", "jpeg", "png", "gif", "webp", "bmp", "heic"] },
  pdf: { maxBytes: 20 * MB, extensions: ["pdf"] },
  document: { maxBytes: 20 * MB, extensions: ["doc", "docx", "xls", "xlsx", "ppt", "pptx", "csv", "txt"] },
  audio: { maxBytes: 50 * MB, extensions: ["mp3", "m4a", "aac", "wav"] },
  video: { maxBytes: 200 * MB, extensions: ["mp4", "mov", "m4v", "webm"] },
} as const satisfies Record<string, { maxBytes: number; extensions: readonly string[] }>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/**
 * Per-user bound on temporary uploads (issue 25 item 5): files not yet used by a record plus direct-upload keys not
 * yet registered (each counted at its kind's limit until its size is known). Past it, uploads answer 429 until the
 * user saves or removes some, or the clean-up removes unused ones. UPLOAD_QUOTA_FILES / UPLOAD_QUOTA_MB override.
 */
export const TEMP_UPLOAD_QUOTA = { files: 60, bytes: 1024 * MB } as const;

/**
 * Images are decoded at most this large (sharp's limitInputPixels; issue 25 item 11): a 48 MP phone photo passes,
 * a 16k × 16k picture is refused from its header before it is decoded. IMAGE_MAX_MEGAPIXELS overrides.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** How many images are decoded for thumbnails at once (the others wait their turn). */
export const THUMBNAIL_CONCURRENCY = 2;

/** The largest id or integer a column holds (PostgreSQL `integer`): larger numbers are refused, never sent to the database. */
export const MAX_INT = 2_147_483_647;

/** Longest object key accepted (bytes of UTF-8, like S3/OSS's 1024). */
export const MAX_OBJECT_KEY_BYTES = 1024;

/** The upload kind of an object key (by its extension), or null when the extension is not accepted. */
export function uploadKindOf(key: string): UploadKind | null {
  const m = /\.([A-Za-z0-9]+)$/.exec(key);
  const ext = m?.[1]?.toLowerCase();
  if (!ext) return null;
  for (const [kind, spec] of Object.entries(UPLOAD_KINDS)) if ((spec.extensions as readonly string[]).includes(ext)) return kind as UploadKind;
  return null;
}
