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
