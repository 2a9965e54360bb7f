import { OpenAPIHono } from "@hono/zod-openapi";
import { completeOperations, registerErrorComponents } from "./resources/engine/openapi";
import type { Context, MiddlewareHandler } from "hono";
import { MAX_INT } from "@contract/limits";
import { HTTPException } from "hono/http-exception";
import { compress } from "hono/compress";
import { createHash } from "node:crypto";
import { PRODUCT_VERSION } from "@contract/version";
import type { App, AppEnv, Deps } from "./context";
import { ApiError, errorBody, httpExceptionReply, langOf, notFound, routeMissing, securityHeaders, validationHook } from "./http";
import { bodyLimits, closeIfBodyPending, readableBodies } from "./limits";
import { t } from "./i18n";
import { isDatabaseUnavailable } from "./db";
import { registerTokenRoutes } from "./routes/token";
import { registerBindingRoutes } from "./routes/bindings";
import { registerRegistrationRoutes } from "./routes/register";
import { registerSandboxRoutes } from "./routes/sandbox";
import { registerUploadRoutes } from "./routes/uploads";
import { registerFileRoutes } from "./routes/files";
import { registerHomeRoutes } from "./routes/home";
import { registerResources } from "./resources";
import { registerStatisticsRoutes } from "./routes/statistics";
import { registerAdmissionRoutes } from "./routes/admission";
import { registerCustomerTimeline } from "./routes/admission-customer";
import { registerProtectionRoutes } from "./routes/protection";
import { registerBackupRoutes } from "./routes/backups";
import { renderDocs } from "./routes/docs";
import { finishDocument } from "./openapi-document";

/** Server-side log line for an unexpected error: no request data, no query strings, no bodies. */
function logError(method: string, path: string, err: unknown) {
  const e = err as { name?: string; message?: string; stack?: string; code?: string };
  // pg errors carry `detail` with row values (personal data): never logged.
  console.error(`[api] ${method} ${path} failed: ${e?.name ?? "Error"}${e?.code ? ` (${e.code})` : ""}: ${e?.message ?? String(err)}\n${e?.stack ?? ""}`);
}

/** Seconds a client should wait before retrying while the database is unreachable (pool reconnects meanwhile). */
const RETRY_AFTER_SECONDS = 5;
let unavailableLoggedAt = 0;
/** 503 with a retry hint for a lost or refused database connection: an outage, not a bug (no stack; one log line per retry period). */
function databaseUnavailable(c: Context<AppEnv>, err: unknown) {
  if (Date.now() - unavailableLoggedAt > RETRY_AFTER_SECONDS * 1000) {
    unavailableLoggedAt = Date.now();
    console.error(`[api] database unavailable, answering 503 (${c.req.method} ${c.req.path}): ${(err as Error)?.message ?? String(err)}`);
  }
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return c.json({ code: 503, msg: t(langOf(c), "error.unavailable"), data: null }, 503);
}

/**
 * Ids are 32-bit integers in both databases: a path segment of digits beyond that (/buses/99999999999999999999/riders/)
 * names nothing, so it is a 404 here, for every route at once, rather than an out-of-range error from PostgreSQL.
 */
const idsInRange: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.path.split("/").some((s) => /^\d+$/.test(s) && (s.length > 10 || Number(s) > MAX_INT))) throw notFound();
  await next();
};

/**
 * GET /openapi.json: the document is made once (it is 2 MB and the same for the process's whole life), with a strong
 * ETag over its text, so that a client's next request with If-None-Match answers 304 without a body.
 */
function openApiDocument(app: App, config: Parameters<App["getOpenAPIDocument"]>[0]) {
  let cached: { text: string; etag: string } | null = null;
  return (c: Context) => {
    if (!cached) {
      const text = JSON.stringify(finishDocument(app.getOpenAPIDocument(config)));
      cached = { text, etag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"` };
    }
    c.header("ETag", cached.etag);
    c.header("Cache-Control", "no-cache");
    const match = (c.req.header("If-None-Match") ?? "").split(",").map((s) => s.trim().replace(/^W\//, ""));
    if (match.includes(cached.etag)) return c.body(null, 304);
    return c.body(cached.text, 200, { "Content-Type": "application/json; charset=UTF-8" });
  };
}

export function buildApp(deps: Deps): App {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook(deps.config.aes), strict: true });

  app.openAPIRegistry.registerComponent("securitySchemes", "tokenAuth", { type: "apiKey", in: "header", name: "token" });
  registerErrorComponents(app.openAPIRegistry as never);
  // Before every route: security headers on every answer, body size limits, unreadable bodies refused (400).
  app.use("*", securityHeaders, closeIfBodyPending, bodyLimits(deps.config.limits), readableBodies, idsInRange);
  // Text and JSON replies gzip- or deflate-compressed for clients that accept it (outside integrations; the console's
  // upstream client on the loopback asks for none, so it spends no CPU on it). Files keep their own encoding.
  app.use("*", compress({ threshold: 1024 }));

  registerTokenRoutes(app, deps);
  registerRegistrationRoutes(app, deps);
  registerBindingRoutes(app, deps);
  registerSandboxRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerFileRoutes(app, deps);
  registerHomeRoutes(app, deps);
  registerResources(app, deps);
  registerStatisticsRoutes(app, deps);
  registerAdmissionRoutes(app, deps);
  registerCustomerTimeline(app, deps);
  registerProtectionRoutes(app, deps);
  registerBackupRoutes(app, deps);
  // Every operation: an operationId, its path parameters and the error replies (api/resources/engine/openapi.ts).
  completeOperations(app);

  const docConfig = {
    openapi: "3.0.3",
    info: {
      title: "School API (kindergarten admin console upstream)",
      version: PRODUCT_VERSION,
      description:
        "Every reply is JSON {code, msg, data}; success is code 200. Errors: code = HTTP status (400, 401, 403, 404, 405 with an Allow header, 409, 413 past a size limit (forms and JSON 1 MB, multipart 10 MB, uploads by kind), 422 with data.errors per field, 423, 429, 500, 503 with a Retry-After header while the database is unreachable); msg is translated by the `lang` header (zh-CN default, en-US). Paths are written as documented: the trailing slash of collection and item paths (`users/`, `users/{id}/`) is canonical, and the same path without it is a 404. Lists answer {list, total, currentPage, pageSize} (a list that is not paged: everything on page 1). Query parameters an operation does not list are ignored; a listed one with a wrong value (an id that is not an integer, a value outside its enum) answers 422 naming it. Writes are application/x-www-form-urlencoded (or multipart/form-data for imports); a body of another type answers 400. Authenticate with the `token` header.",
    },
    servers: [{ url: "/" }],
  };
  app.get("/openapi.json", openApiDocument(app, docConfig));
  app.get("/docs", (c) => c.html(renderDocs(finishDocument(app.getOpenAPIDocument(docConfig)) as Record<string, unknown>, langOf(c))));
  app.get("/health", (c) => c.json({ code: 200, msg: "ok", data: { status: "ok", version: PRODUCT_VERSION } }));

  app.notFound(routeMissing(app));

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(c, err), err.status);
    if (err instanceof HTTPException) return httpExceptionReply(c, err);
    if (isDatabaseUnavailable(err)) return databaseUnavailable(c, err);
    logError(c.req.method, c.req.path, err);
    return c.json({ code: 500, msg: t(langOf(c), "error.internal"), data: null }, 500);
  });

  return app;
}
