/**
 * The `?redirect=` sanitiser: only same-site paths ("/x?y") are honoured; anything else falls back to `fallback`.
 * The check runs on the normalised URL, the one the answer carries: "/.//host", "/a/..//host" and "/%2e//host" all
 * normalise to the protocol-relative "//host", so a check of the raw string alone would let them leave the site.
 */
const DUMMY = "http://console.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  return sameSitePath(to.trim()) ?? fallback;
}

/** `value` normalised to "/path?query#hash" when it stays on this site and its first segment is not empty, else null. */
function sameSitePath(value: string): string | null {
  // Control characters (header splitting; tabs and newlines browsers drop) and backslashes (which browsers read as
  // "/") are refused before parsing: no legitimate link of the console has them.
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const path = normalised(value);
  if (path === null || path.startsWith("//")) return null;
  // What the browser will resolve must be what was checked: the normalised path parses to itself.
  return normalised(path) === path ? path : null;
}

function normalised(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, DUMMY);
  } catch {
    return null;
  }
  return url.origin === DUMMY ? url.pathname + url.search + url.hash : null;
}

/** Public screens that make no sense as a place to land after logging in. */
const AUTH_PATHS = ["/login", "/register", "/resetPassword", "/logout", "/admission/wx/login"];

/** safeRedirect for the `redirect` of /login: also refuses the auth screens themselves. */
export function safeLoginRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  const safe = safeRedirect(to, fallback);
  const pathname = safe.split(/[?#]/)[0];
  return AUTH_PATHS.includes(pathname) ? fallback : safe;
}
