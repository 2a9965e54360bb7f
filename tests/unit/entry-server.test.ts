import { describe, expect, it } from "vitest";
import { withoutZeroBytes } from "~/entry.server";

describe("withoutZeroBytes (react#31134: React 18.3 may pad a flushed view with zero bytes)", () => {
  it("drops every zero byte and keeps the rest, multi-byte characters included", () => {
    const text = "<p>幼儿园 Sunny</p>";
    const padded = Buffer.concat([Buffer.from("\0"), Buffer.from(text.slice(0, 4)), Buffer.alloc(3), Buffer.from(text.slice(4)), Buffer.from("\0")]);
    expect(Buffer.from(withoutZeroBytes(padded)).toString("utf8")).toBe(text);
  });

  it("answers a document without zero bytes as it is", () => {
    const html = Buffer.from("<html>阳光</html>");
    expect(Buffer.from(withoutZeroBytes(html)).toString("utf8")).toBe("<html>阳光</html>");
    expect(withoutZeroBytes(Buffer.alloc(0)).byteLength).toBe(0);
  });
});
