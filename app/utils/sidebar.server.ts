/**
 * Sidebar opened/closed (section 4 and 9): cookie `sidebarStatus`, "1" opened / "0" closed, like
 * vue-element-admin's js-cookie. It is a plain cookie because the browser script writes it too.
 * Default: opened.
 */
export const SIDEBAR_COOKIE = "sidebarStatus";
const ONE_YEAR = 60 * 60 * 24 * 365;

export function readSidebarOpened(request: Request): boolean {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [k, v] = part.trim().split("=");
    if (k === SIDEBAR_COOKIE) return v !== "0";
  }
  return true;
}

export function serializeSidebarCookie(opened: boolean, secure = false): string {
  return `${SIDEBAR_COOKIE}=${opened ? 1 : 0}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
