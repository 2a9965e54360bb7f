import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "@remix-run/node";
// Remix's own component and escaping, as RemixServer renders them (not part of @remix-run/react's public exports).
import { StreamTransfer } from "@remix-run/react/dist/single-fetch.js";
import { escapeHtml } from "@remix-run/react/dist/markup.js";
import { readHandoff, withoutZeroBytes } from "~/entry.server";

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

describe("readHandoff: single fetch's loader data read before the render, so the document renders in one pass", () => {
  const streamOf = (...parts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        // A multi-byte character split across two chunks must come out whole.
        for (const p of parts) c.enqueue(new TextEncoder().encode(p));
        c.close();
      },
    });

  it("hands Remix's <StreamTransfer> the whole stream as read, which then renders its scripts without suspending", async () => {
    const bytes = new TextEncoder().encode('[{"_1":2},"园"]\n');
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.subarray(0, 12));
        c.enqueue(bytes.subarray(12));
        c.close();
      },
    });
    const context = { serverHandoffStream: stream, renderMeta: { didRenderScripts: true } } as unknown as EntryContext;
    expect(await readHandoff(context)).toBe(true);
    const html = renderToString(
      createElement(StreamTransfer, { context, identifier: 0, reader: stream.getReader(), textDecoder: new TextDecoder(), nonce: "n" } as never),
    );
    expect(html).not.toContain("<!--$!-->");
    expect(html).toContain(`window.__remixContext.streamController.enqueue(${escapeHtml(JSON.stringify('[{"_1":2},"园"]\n'))});`);
    expect(html).toContain("window.__remixContext.streamController.close();");
  });

  it("leaves a failing stream to <StreamTransfer> (which reports it) and a context without one alone", async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(c) {
        c.error(new Error("Server Timeout"));
      },
    });
    const context = { serverHandoffStream: failing, renderMeta: {} } as unknown as EntryContext;
    expect(await readHandoff(context)).toBe(false);
    expect((context.renderMeta as { streamCache?: unknown }).streamCache).toBeUndefined();
    expect(() => failing.getReader()).not.toThrow();
    expect(await readHandoff({ renderMeta: {} } as unknown as EntryContext)).toBe(false);
    expect(await readHandoff({ serverHandoffStream: streamOf("x"), renderMeta: {} } as unknown as EntryContext)).toBe(true);
  });
});
