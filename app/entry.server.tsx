import { PassThrough, Transform } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { resources } from "./locales.server";
import { answerForeignOriginsInActions } from "./utils/csrf.server";
import { getLocale } from "./utils/i18n.server";
import { TranslationProvider } from "./utils/i18n-react";
import { NonceProvider } from "./utils/nonce";
import { createNonce, setSecurityHeaders, withSecurityHeaders } from "./utils/security-headers.server";

const ABORT_DELAY = 5_000;

answerForeignOriginsInActions();

/**
 * React 18.3's renderToPipeableStream can flush its 2 KB view with trailing zero bytes when a
 * multi-byte character (our Chinese text) does not fit at the end of the view (react#31134): the
 * browser then shows U+0000 inside text and form values, and a form posted without JavaScript saves
 * them. A zero byte is never part of valid UTF-8 HTML here (JSON escapes U+0000), so drop them.
 */
function withoutZeroBytes() {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, chunk.includes(0) ? Buffer.from(chunk.filter((b) => b !== 0)) : chunk);
    },
  });
}

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const lng = await getLocale(request);

  const nonce = createNonce();
  const callbackName = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationProvider language={lng} resources={resources[lng]}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </TranslationProvider>
      </NonceProvider>,
      {
        [callbackName]: () => {
          shellRendered = true;
          const body = new PassThrough();
          const clean = withoutZeroBytes();
          body.pipe(clean);
          const stream = createReadableStreamFromReadable(clean);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          setSecurityHeaders(responseHeaders, request, nonce);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log on the server only; the browser never sees a stack trace.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** `?_data=` requests (client-side navigations and form posts with JavaScript). */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => withSecurityHeaders(response, request);

/** Errors thrown by loaders/actions: logged on the server, never sent to the browser. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
