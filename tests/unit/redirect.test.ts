import { describe, expect, it } from "vitest";
import { safeLoginRedirect, safeRedirect } from "~/utils/redirect.server";
import { loginPath } from "~/utils/session.server";

describe("safeRedirect (the ?redirect= sanitiser)", () => {
  it.each([
    ["/Home", "/Home"],
    ["/student/studentFile?currentPage=2", "/student/studentFile?currentPage=2"],
    ["/a#b", "/a#b"],
    ["  /daily/notice ", "/daily/notice"],
  ])("keeps the same-site path %s", (input, out) => {
    expect(safeRedirect(input)).toBe(out);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["Home"],
    ["https://evil.test/"],
    ["http://evil.test"],
    ["//evil.test/x"],
    ["/\\evil.test"],
    ["/\\/evil.test"],
    ["javascript:alert(1)"],
    ["/%0d%0aSet-Cookie:x=1".replace("%0d%0a", "\r\n")],
    ["/a\\b"],
    ["mailto:x@y.z"],
  ])("refuses %s", (input) => {
    expect(safeRedirect(input as string | null | undefined)).toBe("/");
    expect(safeRedirect(input as string | null | undefined, "/Home")).toBe("/Home");
  });

  // Known open-redirect bypass forms (issue 25, item 3): each would leave the site if it were honoured.
  const EVIL = "evil.example";
  const bypasses = [
    `//${EVIL}`,
    `///${EVIL}`,
    `////${EVIL}/phish`,
    `/\\${EVIL}`,
    `\\\\${EVIL}`,
    `\\/${EVIL}`,
    `/\\/${EVIL}`,
    `\\/\\/${EVIL}`,
    `/./\\${EVIL}`,
    `/.//${EVIL}/phish`,
    `/././/${EVIL}`,
    `/a/..//${EVIL}/phish`,
    `/a/b/../..//${EVIL}`,
    `/..//${EVIL}`,
    `/%2e//${EVIL}/phish`,
    `/%2E//${EVIL}`,
    `/%2e%2e//${EVIL}`,
    `/.%2e//${EVIL}`,
    `/a/%2e%2e//${EVIL}`,
    `/a/%2E%2E//${EVIL}`,
    `/\t/${EVIL}`,
    `/\n/${EVIL}`,
    `/\r\n/${EVIL}`,
    `/%00/\u0000/${EVIL}`,
    `\t//${EVIL}`,
    ` //${EVIL}`,
    `https://${EVIL}`,
    `HTTPS://${EVIL}`,
    `hTtP://${EVIL}`,
    `https:${EVIL}`,
    `http:/\\${EVIL}`,
    `https:\\\\${EVIL}`,
    `javascript:alert(1)`,
    `JaVaScRiPt:alert(1)`,
    ` javascript:alert(1)`,
    `data:text/html,<script>alert(1)</script>`,
    `%2f%2f${EVIL}`,
    `./..//${EVIL}`,
    `${EVIL}`,
  ];
  it(`refuses ${bypasses.length} known bypass forms`, () => {
    expect(bypasses.length).toBeGreaterThanOrEqual(30);
    for (const input of bypasses) expect(safeRedirect(input, "/Home"), JSON.stringify(input)).toBe("/Home");
  });

  it.each([
    ["/%2f%2fevil.example", "/%2f%2fevil.example"],
    ["/%5c%5cevil.example", "/%5c%5cevil.example"],
    ["/a/../b?x=1", "/b?x=1"],
    ["/./daily/notice", "/daily/notice"],
    ["/..;//evil.example", "/..;//evil.example"],
  ])("keeps %s as the same-site path %s (encoded or normalised, it names no host)", (input, out) => {
    expect(safeRedirect(input)).toBe(out);
  });

  it("whatever it answers stays on the site when a browser resolves it (all combinations of the tricky pieces)", () => {
    const pieces = ["/", ".", "..", "%2e", "%2E%2e", "\\", "\t", "%2f", "evil.example", "@", ":"];
    const base = "https://console.test/student/studentFile";
    let checked = 0;
    const walk = (prefix: string, depth: number) => {
      if (depth === 0) return;
      for (const p of pieces) {
        const input = prefix + p;
        const out = safeRedirect(input, "/fallback");
        const resolved = new URL(out, base);
        expect(resolved.origin, JSON.stringify(input)).toBe("https://console.test");
        expect(out.startsWith("/") && !out.startsWith("//"), JSON.stringify(input)).toBe(true);
        checked++;
        walk(input, depth - 1);
      }
    };
    walk("", 5);
    expect(checked).toBeGreaterThan(100_000);
  });

  it("refuses a File entry", () => {
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/");
  });

  it("safeLoginRedirect also refuses the auth screens", () => {
    expect(safeLoginRedirect("/login")).toBe("/");
    expect(safeLoginRedirect("/login?redirect=/x")).toBe("/");
    expect(safeLoginRedirect("/resetPassword?mode=forced")).toBe("/");
    expect(safeLoginRedirect("/teaching/activity")).toBe("/teaching/activity");
  });
});

describe("loginPath", () => {
  it("carries the page as redirect", () => {
    expect(loginPath("/daily/notice?x=1")).toBe("/login?redirect=%2Fdaily%2Fnotice%3Fx%3D1");
    expect(loginPath("/")).toBe("/login");
    expect(loginPath(null)).toBe("/login");
  });
  it("sends applicants (role 13) to the admission login with their kindergarten", () => {
    expect(loginPath("/admission/wx/introduction", { roleId: 13, kindergartenId: 2 })).toBe(
      "/admission/wx/login?redirect=%2Fadmission%2Fwx%2Fintroduction&kindergartenId=2",
    );
  });
});

describe("requireUser", () => {
  it("sends a logged-out visitor to /login with the page (without Remix's _data) as redirect", async () => {
    process.env.SESSION_SECRET ??= "unit-test-secret";
    const { requireUser } = await import("~/utils/session.server");
    const thrown = await requireUser(new Request("http://console.test/student/studentFile?currentPage=2&_data=routes%2F_console%2B%2F_layout")).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirect=%2Fstudent%2FstudentFile%3FcurrentPage%3D2");
    // A single-fetch data request (client-side navigation): its `_routes` is no part of the page's address either.
    const fromData = await requireUser(new Request("http://console.test/student/studentFile?currentPage=2&_routes=root%2Croutes%2Fx")).catch((e) => e);
    expect((fromData as Response).headers.get("Location")).toBe("/login?redirect=%2Fstudent%2FstudentFile%3FcurrentPage%3D2");
  });
});
