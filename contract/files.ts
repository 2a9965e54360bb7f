import * as z from "zod";
import type { UploadKind } from "./limits";

/**
 * Files of records (issue 10, "Files"; specification section 5): what each kind of file field accepts, checked
 * by the file's CONTENT (magic bytes), never by its name or the browser's type. Sizes: contract/limits.ts UPLOAD_KINDS.
 *   image  JPG/PNG (photos; a 240 px thumbnail is made)
 *   video  MP4 only
 *   pdf    PDF only (lesson plans)
 */
export const FILE_KINDS = {
  image: { types: { jpg: "image/jpeg", png: "image/png" }, limit: "image", accept: "image/jpeg,image/png" },
  video: { types: { mp4: "video/mp4" }, limit: "video", accept: "video/mp4" },
  pdf: { types: { pdf: "application/pdf" }, limit: "pdf", accept: "application/pdf" },
} as const satisfies Record<string, { types: Record<string, string>; limit: UploadKind; accept: string }>;
export type FileKind = keyof typeof FILE_KINDS;
export const FILE_KIND_NAMES = Object.keys(FILE_KINDS) as FileKind[];
export const isFileKind = (v: unknown): v is FileKind => typeof v === "string" && v in FILE_KINDS;

/**
 * Characters a file name never keeps (issue 25 item 5): C0/C1 controls, path separators, and the invisible
 * direction marks and overrides (U+061C, U+200E/F, U+202A–202E, U+2066–2069) that make `gpj.exe` read as `exe.jpg`;
 * also line and paragraph separators, zero-width characters and BOM.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f/\\\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** A stored file's name: unsafe characters become `_`, at most 200 characters, `fallback` when nothing is left. */
export function cleanFileName(name: string, fallback: string): string {
  const clean = name.replace(UNSAFE_NAME_CHARS, "_").trim().slice(0, 200);
  return clean.replace(/_/g, "") ? clean : fallback;
}

/** The most images of one `images` field (a record's photos, as parents' apps allow: 9). */
export const MAX_IMAGES = 9;

/** Longest edge of an image's thumbnail, in pixels. */
export const THUMBNAIL_PX = 240;

/** How long a temporary upload waits for the record that uses it before the clean-up removes it. */
export const TEMP_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The API's reply for one stored file (`POST files/`, and the `file` of a record's file field). */
export const fileReplySchema = z.object({
  id: z.number().int(),
  kind: z.enum(["image", "video", "pdf"]),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  hasThumbnail: z.boolean(),
  /** "temp" until the record that uses it is saved, then "main". */
  bucket: z.enum(["main", "temp"]),
});
export type FileReply = z.infer<typeof fileReplySchema>;

/** The messages of section 5/8 (api namespace keys `upload.*`): file format error, upload image failed, image delete failed. */
export const FILE_MESSAGES = {
  formatError: "upload.formatError",
  uploadImageFailed: "upload.imageFailed",
  imageDeleteFailed: "upload.imageDeleteFailed",
} as const;

/**
 * `GET token/sts` (section 7) query: the bucket of the credentials — only the temporary one: clients never write to
 * the main bucket (a record's save moves its files there) — and for a direct upload the kind and file name.
 */
export const stsUploadQuerySchema = z.object({
  bucket: z.enum(["temp"], { error: "validation.oneOf" }).optional(),
  kind: z.enum(["image", "video", "pdf"], { error: "validation.oneOf" }).optional(),
  fileName: z.string().max(200).optional(),
});

/**
 * The direct-upload target of `GET token/sts`: PUT the body to `url` with `headers` before `expiresAt`, then
 * `POST files/?kind=` with form `key` to have it checked and stored as a temporary file. S3: a presigned URL of the
 * temporary bucket; local disk: a signed, expiring URL on the API itself (PUT uploads/temp/{key}?expires&max&signature).
 */
export const stsUploadSchema = z.object({
  key: z.string(),
  kind: z.enum(["image", "video", "pdf"]),
  maxBytes: z.number().int(),
  url: z.string(),
  method: z.literal("PUT"),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
