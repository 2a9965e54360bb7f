/**
 * The `?redirect=` sanitiser: only same-site relative paths ("/x?y") are honoured;
 * anything else (absolute URLs, protocol-relative "//host", backslashes, control characters,
 * the auth screens themselves) falls back to `fallback`.
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
  if (["/login", "/register", "/resetPassword", "/logout"].includes(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
