/**
 * The `?redirect=` sanitiser: only same-site relative paths ("/x?y") are honoured;
 * anything else (absolute URLs, protocol-relative "//host", backslashes, control characters)
 * falls back to `fallback`.
 */
const DUMMY = "http://console.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  const value = to.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, DUMMY);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY) return fallback;
  return url.pathname + url.search + url.hash;
}

/** Public screens that make no sense as a place to land after logging in. */
const AUTH_PATHS = ["/login", "/register", "/resetPassword", "/logout", "/admission/wx/login"];

/** safeRedirect for the `redirect` of /login: also refuses the auth screens themselves. */
export function safeLoginRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  const safe = safeRedirect(to, fallback);
  const pathname = safe.split(/[?#]/)[0];
  return AUTH_PATHS.includes(pathname) ? fallback : safe;
}
