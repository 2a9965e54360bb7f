import crypto from "node:crypto";
import { isHttps } from "./session.server";

/**
 * The security headers of every console response (documents, data requests, resource routes).
 * remix-serve allows no middleware, so entry.server.tsx sets them on documents and data requests,
 * and resource routes call `withSecurityHeaders` on what they answer.
 */

/** A fresh nonce for the inline scripts of one document (128 bits, base64). */
export const createNonce = () => crypto.randomBytes(16).toString("base64");

/**
 * Scripts: only our own files and the inline scripts Remix renders with this request's nonce.
 * Styles allow 'unsafe-inline' because Radix sets style attributes; an injected style cannot run code.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    // blob: only for images: the preview of a photo the user just chose (URL.createObjectURL), before it is saved.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const HSTS = "max-age=31536000; includeSubDomains";

/** Sets the headers every response carries; the CSP only when a nonce is given (HTML documents). */
export function setSecurityHeaders(headers: Headers, request: Request, nonce?: string): Headers {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  // Only over https: a browser would ignore it over http, and it must never pin a plain-http install.
  if (isHttps(request)) headers.set("Strict-Transport-Security", HSTS);
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return headers;
}

/**
 * A stored file as the console serves it (`/files/{id}`): the API's own rules kept — no script, plugin or form runs in
 * it even when opened directly (CSP sandbox), and its Content-Disposition (inline or attachment, the cleaned name).
 */
export const FILE_CSP = "default-src 'none'; sandbox";

/** A resource route's response with the security headers (a copy when its headers are immutable). */
export function withSecurityHeaders(response: Response, request: Request): Response {
  try {
    setSecurityHeaders(response.headers, request);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    setSecurityHeaders(copy.headers, request);
    return copy;
  }
}
