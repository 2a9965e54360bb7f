import type { App, Deps } from "@api/context";
import { forbidden, ok } from "@api/http";

/** Local object storage: PUT uploads/{bucket}/{key} with the securityToken of GET token/sts (header x-security-token). */
export function registerUploadRoutes(app: App, deps: Deps) {
  app.put("/uploads/:bucket/:key{.+}", async (c) => {
    const bucket = c.req.param("bucket");
    const key = c.req.param("key");
    const securityToken = c.req.header("x-security-token") ?? "";
    const body = new Uint8Array(await c.req.arrayBuffer());
    const stored = await deps.storage.put({ bucket, key, securityToken, body });
    if (!stored) throw forbidden();
    return ok(c, { bucket, key, size: body.byteLength });
  });
}
