import { Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
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
 * The document is rendered whole and sent as one body. Nothing here suspends on the server (no deferred data; lazy
 * views load synchronously there, app/utils/lazy-view.ts), so streaming sent the same bytes at the same moment, only
 * in some 30 pieces, each through three streams and the compressor on its own (about 1 ms of every page).
 */
export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const lng = await getLocale(request);
  const nonce = createNonce();

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationProvider language={lng} resources={resources[lng]} recorder={recordTranslations(resources[lng])}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </TranslationProvider>
      </NonceProvider>,
      {
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
      },
    );
    sink.on("finish", () => {
      clearTimeout(timer);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      setSecurityHeaders(responseHeaders, request, nonce);
      resolve(new Response(withoutZeroBytes(Buffer.concat(chunks)), { headers: responseHeaders, status: responseStatusCode }));
    });
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/** Data requests (`<path>.data`: client-side navigations and form posts with JavaScript). */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => withSecurityHeaders(response, request);

/** Errors thrown by loaders/actions: logged on the server, never sent to the browser. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
