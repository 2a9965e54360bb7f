import { z } from "@hono/zod-openapi";
import { aesDecrypt } from "@contract/crypto";
import { MAX_INT } from "@contract/limits";
import type { Deps } from "@api/context";
import { fieldError } from "@api/http";

/** `{code, msg, data}` with a given data schema, for the OpenAPI document. */
export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ code: z.number(), msg: z.string(), data });

export const jsonReply = <T extends z.ZodTypeAny>(data: T, description = "code 200 on success; errors carry code = HTTP status") => ({
  200: { content: { "application/json": { schema: envelope(data) } }, description },
});

export const formBody = <T extends z.ZodTypeAny>(schema: T) => ({
  body: { content: { "application/x-www-form-urlencoded": { schema } }, required: true },
});

export const tokenHeader = [{ tokenAuth: [] as string[] }];

/** Decrypts an AES field (contract/crypto.ts) or answers 422 for that field. */
export function decryptField(deps: Deps, field: string, value: string): string {
  const plain = aesDecrypt(value, deps.config.aes);
  if (plain == null) throw fieldError(field, "validation.encrypted");
  return plain;
}

export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_INT)
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
