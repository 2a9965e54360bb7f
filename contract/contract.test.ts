import { describe, expect, it } from "vitest";
import { aesDecrypt, aesEncrypt, DEFAULT_AES_IV, DEFAULT_AES_KEY } from "./crypto";
import { hasSequence, passwordProblems } from "./password-policy";
import { ALL_PAGES, findPage, isExternal } from "./route-tree";

const keys = { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV };

describe("AES (section 9: CBC, zero padding, Base64)", () => {
  it("round-trips ASCII and Chinese text", () => {
    for (const s of ["Sunny#2026", "12345678", "密码Abc#1", "exactly16chars!!"]) {
      const c = aesEncrypt(s, keys);
      expect(c).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(aesDecrypt(c, keys)).toBe(s);
    }
  });
  it("is deterministic with the static iv (what a crypto-js client produces)", () => {
    expect(aesEncrypt("Sunny#2026", keys)).toBe(aesEncrypt("Sunny#2026", keys));
  });
  it("does not decrypt with other keys or from garbage", () => {
    const c = aesEncrypt("Sunny#2026", keys);
    expect(aesDecrypt(c, { key: "AnotherKey123456", iv: DEFAULT_AES_IV })).not.toBe("Sunny#2026");
    expect(aesDecrypt("not base64 at all", keys)).toBeNull();
  });
});

describe("password policy (section 5)", () => {
  it("accepts the demo password", () => expect(passwordProblems("Sunny#2026")).toEqual([]));
  it("rejects short, weak and sequential passwords", () => {
    expect(passwordProblems("Ab#1x")).toContain("password.tooShort");
    expect(passwordProblems("12345678")).toEqual(expect.arrayContaining(["password.kinds", "password.sequence"]));
    expect(passwordProblems("abcdefgh")).toContain("password.kinds");
    expect(passwordProblems("Good#pass789")).toEqual(["password.sequence"]);
  });
  it("finds ascending and descending runs", () => {
    expect(hasSequence("x321y")).toBe(true);
    expect(hasSequence("Xyz!")).toBe(true);
    expect(hasSequence("2026")).toBe(false);
  });
});

describe("route tree", () => {
  it("matches pages, including :id pages, and nothing else", () => {
    expect(findPage("/kindergarten/group")?.meta.roles).toEqual([6]);
    expect(findPage("/evaluate/evaluate1/42")?.path).toBe("/evaluate/evaluate1/:id");
    expect(findPage("/kindergarten/nope")).toBeUndefined();
    expect(new Set(ALL_PAGES.map((p) => p.path)).size).toBe(ALL_PAGES.length);
  });
  it("knows external links (section 5)", () => {
    for (const l of ["http://a", "https://a", "mailto:a@b", "tel:123"]) expect(isExternal(l)).toBe(true);
    expect(isExternal("/Home")).toBe(false);
  });
});
