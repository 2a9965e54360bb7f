import { Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { resources } from "./locales.server";
import { answerForeignOriginsInActions } from "./utils/csrf.server";
import { getLocale } from "./utils/i18n.server";
import { TranslationProvider } from "./utils/i18n-react";
import { NonceProvider } from "./utils/nonce";
import { recordTranslations } from "./utils/translation-subset.server";
import { createNonce, setSecurityHeaders, withSecurityHeaders } from "./utils/security-headers.server";

const ABORT_DELAY = 5_000;

answerForeignOriginsInActions();

/**
 * React 18.3's renderToPipeableStream can flush its 2 KB view with trailing zero bytes when a
 * multi-byte character (our Chinese text) does not fit at the end of the view (react#31134): the
 * browser then shows U+0000 inside text and form values, and a form posted without JavaScript saves
 * them. A zero byte is never part of valid UTF-8 HTML here (JSON escapes U+0000), so drop them.
 */
export function withoutZeroBytes(html: Buffer): Uint8Array<ArrayBuffer> {
  const pieces: Buffer[] = [];
  let start = 0;
  // indexOf is a native scan: a per-byte filter cost 4 ms on a 75 KB page.
  for (let zero = html.indexOf(0); zero >= 0; zero = html.indexOf(0, start)) {
    pieces.push(html.subarray(start, zero));
    start = zero + 1;
  }
  const clean = start === 0 ? html : Buffer.concat([...pieces, html.subarray(start)]);
  return new Uint8Array(clean.buffer as ArrayBuffer, clean.byteOffset, clean.byteLength);
}

/**
 * Single fetch's loader data for the document, read to its end before the render (the turbo-stream Remix encodes
 * from the loaders' values; nothing here is deferred, so it ends once they are encoded) and handed to Remix's
 * `<StreamTransfer>` as already read: it then renders the same `<script>`s without suspending, which lets the
 * document render in one synchronous pass. A stream that fails is left to `<StreamTransfer>`, which reports it.
 */
export async function readHandoff(context: EntryContext): Promise<boolean> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return false;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch {
    reader.releaseLock();
    return false;
  }
  reader.releaseLock();
  // <StreamTransfer identifier={n}> reads renderMeta.streamCache[n]: a promise with its `result` already set.
  const read = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  (context.renderMeta as { streamCache?: Record<number, unknown> }).streamCache = { 0: read({ done: false, value: text }), 1: read({ done: true, value: "" }) };
  return true;
}

/**
 * A body of one chunk as a plain stream: for bytes, undici makes a byte stream, which moves the bytes to a new buffer
 * and closes a microtask later, for the express adapter to read back.
 */
export function oneChunk(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** A boundary the synchronous render could not finish (it suspended or failed): React marks it for the browser. */
const UNFINISHED_BOUNDARY = "<!--$!-->";

/**
 * The document rendered whole and sent as one body. Nothing here suspends on the server (no deferred data; lazy views
 * load synchronously there, app/utils/lazy-view.ts; the loader data is read first, readHandoff), so the document is
 * rendered with renderToString: the same markup as the streaming renderer's, without its per-piece UTF-8 encoding
 * into 2 KB views (about a seventh of a users-list document's CPU). Should a boundary not finish all the same, the
 * document is rendered again by the streaming renderer, which waits for it (and answers 500 for an error inside).
 */
export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const lng = await getLocale(request);
  const nonce = createNonce();
  const document = () => (
    <NonceProvider value={nonce}>
      <TranslationProvider language={lng} resources={resources[lng]} recorder={recordTranslations(resources[lng])}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </TranslationProvider>
    </NonceProvider>
  );
  if (await readHandoff(remixContext)) {
    // renderToString leaves out the doctype the streaming renderer writes before <html>. The body is handed over as
    // UTF-8 bytes: a string body is first made well-formed UTF-16 by undici (a copy of the whole page), then encoded.
    const html = Buffer.from(`<!DOCTYPE html>${renderToString(document())}`, "utf8");
    if (!html.includes(UNFINISHED_BOUNDARY))
      return htmlResponse(
        oneChunk(new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength)),
        request,
        responseStatusCode,
        responseHeaders,
        nonce,
      );
  }
  return renderStreamed(document(), request, responseStatusCode, responseHeaders, nonce);
}

/** The streaming renderer, waiting for every boundary; the document still answered as one body. */
function renderStreamed(element: ReactElement, request: Request, responseStatusCode: number, responseHeaders: Headers, nonce: string) {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Log on the server only; the browser never sees a stack trace.
        console.error(error);
      },
    });
    sink.on("finish", () => {
      clearTimeout(timer);
      resolve(htmlResponse(withoutZeroBytes(Buffer.concat(chunks)), request, responseStatusCode, responseHeaders, nonce));
    });
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/** The document's answer, whichever renderer made it: HTML with the security headers for its nonce. */
function htmlResponse(body: BodyInit, request: Request, status: number, headers: Headers, nonce: string) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  setSecurityHeaders(headers, request, nonce);
  return new Response(body, { headers, status });
}

/** Data requests (`<path>.data`: client-side navigations and form posts with JavaScript). */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => withSecurityHeaders(response, request);

/** Errors thrown by loaders/actions: logged on the server, never sent to the browser. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
