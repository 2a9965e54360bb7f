/**
 * A streaming reader of multipart/form-data (server only: API and console). Each part's body is an async
 * iterable of chunks read from the request as the consumer pulls them: a file is never held whole in memory
 * (at most one network chunk plus the boundary's length). Parts must be consumed in order; an unread body is
 * skipped when the next part is asked for.
 *
 * Why not @mjackson/multipart-parser's parser: its version 0.10 collects each part's chunks (MultipartPart.content)
 * until the closing boundary, i.e. a whole file in memory; its boundary scanning is what this does in a stream.
 */
export interface StreamedPart {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
  body: AsyncIterable<Uint8Array>;
  /** A text field's value (reads the body; at most `maxBytes`). */
  text(maxBytes?: number): Promise<string>;
}

export class MultipartError extends Error {}

export function boundaryOf(contentType: string | null | undefined): string | null {
  const m = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function headerValue(headers: string, name: string): string | undefined {
  const re = new RegExp(`^${name}:\\s*(.*)$`, "im");
  return re.exec(headers)?.[1]?.trim();
}

/**
 * A Content-Disposition parameter as real clients write it (RFC 7578 with RFC 2231/5987 extensions): quoted or bare,
 * in any order, and `name*=charset'lang'value` (older Python requests, some mail-style encoders) preferred over the
 * plain one when it decodes.
 */
function dispositionParam(disposition: string, param: string): string | undefined {
  const star = new RegExp(`;\\s*${param}\\*\\s*=\\s*"?([\\w!#$%&+^\`{}~-]*)'[^']*'([^;"\\s]*)`, "i").exec(disposition);
  if (star) {
    const [, charset, value] = star as unknown as [string, string, string];
    try {
      if (!charset || /^utf-8$/i.test(charset)) return decodeURIComponent(value);
      if (/^(iso-8859-1|us-ascii)$/i.test(charset)) return value.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    } catch {
      // not percent-encoding: the plain parameter below
    }
  }
  const m = new RegExp(`;\\s*${param}\\s*=\\s*"((?:[^"\\\\]|\\\\.)*)"|;\\s*${param}\\s*=\\s*([^;]+)`, "i").exec(disposition);
  if (!m) return undefined;
  return m[1] != null ? m[1].replace(/\\(.)/g, "$1") : m[2]!.trim();
}

/**
 * A whole multipart body as a FormData, files as File objects: what the API's handlers read (hono's parseBody cache).
 * Undici's own `Request.formData()` refuses forms that RFC 7578 allows (a `filename*` parameter, bare values, `filename`
 * before `name`), so this reader parses them instead. The caller bounds the body's size (api/limits.ts).
 */
export async function readFormData(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, boundary: string, maxParts = 1000): Promise<FormData> {
  const form = new FormData();
  for await (const part of readMultipart(source, boundary, { maxParts })) {
    const chunks: Uint8Array[] = [];
    for await (const c of part.body) chunks.push(c);
    if (part.filename == null) form.append(part.name, Buffer.concat(chunks).toString("utf8"));
    else form.append(part.name, new File([new Uint8Array(Buffer.concat(chunks))], part.filename, { type: part.contentType ?? "application/octet-stream" }));
  }
  return form;
}

export async function* readMultipart(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  boundary: string,
  o: { maxHeaderBytes?: number; maxParts?: number } = {},
): AsyncGenerator<StreamedPart, void, undefined> {
  const maxHeader = o.maxHeaderBytes ?? 8 * 1024;
  const maxParts = o.maxParts ?? 100;
  const delim = Buffer.from(`\r\n--${boundary}`);
  const it = (Symbol.asyncIterator in source ? source : streamIterable(source as ReadableStream<Uint8Array>))[Symbol.asyncIterator]();
  // A leading CRLF lets the first boundary match the same delimiter as the others.
  let buf: Buffer = Buffer.from("\r\n");
  const more = async (): Promise<boolean> => {
    const r = await it.next();
    if (r.done) return false;
    buf = buf.length ? Buffer.concat([buf, Buffer.from(r.value)]) : Buffer.from(r.value);
    return true;
  };
  const bad = (why: string) => new MultipartError(`malformed multipart body: ${why}`);

  for (;;) {
    const i = buf.indexOf(delim);
    if (i >= 0) {
      buf = buf.subarray(i + delim.length);
      break;
    }
    if (buf.length > maxHeader) throw bad("no opening boundary");
    if (!(await more())) throw bad("no opening boundary");
  }

  let finished = true;
  // The rest of the current body, from the shared buffer; a fresh generator continues where the last stopped.
  async function* rest(): AsyncGenerator<Uint8Array> {
    while (!finished) {
      const i = buf.indexOf(delim);
      if (i >= 0) {
        const out = buf.subarray(0, i);
        buf = buf.subarray(i + delim.length);
        finished = true;
        if (out.length) yield out;
        return;
      }
      const keep = Math.min(buf.length, delim.length - 1);
      const out = buf.subarray(0, buf.length - keep);
      buf = Buffer.from(buf.subarray(buf.length - keep));
      if (out.length) yield out;
      if (!(await more())) throw bad("unexpected end");
    }
  }

  for (let count = 0; ; count++) {
    if (!finished) for await (const _ of rest()) void _;
    while (buf.length < 2) if (!(await more())) throw bad("unexpected end");
    if (buf[0] === 45 && buf[1] === 45) return; // "--": the closing boundary
    let end: number;
    while ((end = buf.indexOf("\r\n\r\n")) < 0) {
      if (buf.length > maxHeader) throw bad("part header too long");
      if (!(await more())) throw bad("unexpected end");
    }
    if (end > maxHeader) throw bad("part header too long");
    if (count >= maxParts) throw bad("too many parts");
    const headers = buf.subarray(0, end).toString("utf8");
    buf = buf.subarray(end + 4);
    const disposition = headerValue(headers, "content-disposition") ?? "";
    const name = dispositionParam(disposition, "name") ?? "";
    const filename = dispositionParam(disposition, "filename");
    finished = false;
    const body = rest();
    yield {
      name,
      filename,
      contentType: headerValue(headers, "content-type"),
      body,
      async text(maxBytes = 64 * 1024) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const c of body) {
          size += c.length;
          if (size > maxBytes) throw bad(`field ${name} too long`);
          chunks.push(Buffer.from(c));
        }
        return Buffer.concat(chunks).toString("utf8");
      },
    };
  }
}

async function* streamIterable(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) return;
      yield r.value;
    }
  } finally {
    reader.releaseLock();
  }
}
