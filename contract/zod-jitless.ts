import { config } from "zod/v4/core";

/**
 * In the browser, zod must not compile parsers with `new Function`: the CSP allows no 'unsafe-eval',
 * and even zod's guarded probe for it is reported as a violation. The contract modules that build schemas
 * (resource.ts) and the browser modules that parse call this at load, before any schema parses (zod probes on
 * the first parse). The server keeps zod's faster compiled parsers.
 */
export function jitlessZodInBrowser() {
  if (typeof document !== "undefined") config({ jitless: true });
}
