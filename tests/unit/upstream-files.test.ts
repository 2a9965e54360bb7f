import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileReplySchema } from "@contract/files";
import { boundaryOf, readMultipart } from "@contract/multipart";

process.env.SESSION_SECRET = "unit-test-secret";
const { createUpstreamClient, UpstreamError } = await import("~/utils/upstream.server");

/**
 * The upstream client's upload and download (issue 10) against a real local HTTP server: the upload arrives as a
 * streamed (chunked) multipart body the API's reader parses, with the usual headers; the download comes back as a
 * stream with type and disposition; envelopes of errors, 401 and timeouts are the section 8 failures of every call.
 */
let received: {
  headers: http.IncomingHttpHeaders;
  fields: Record<string, string>;
  file: { name: string; filename?: string; size: number; firstByte: number } | null;
}[] = [];
const BIG = 3 * 1024 * 1024;

const server = http.createServer(async (req, res) => {
  const path = (req.url ?? "").split("?")[0];
  const send = (status: number, payload: unknown, type = "application/json") => {
    res.writeHead(status, { "content-type": type });
    res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
  };
  if (path === "/files/" && req.method === "POST") {
    const fields: Record<string, string> = {};
    let file: (typeof received)[number]["file"] = null;
    for await (const part of readMultipart(req as unknown as AsyncIterable<Uint8Array>, boundaryOf(req.headers["content-type"])!)) {
      if (part.filename == null) fields[part.name] = await part.text();
      else {
        let size = 0;
        let firstByte = -1;
        for await (const c of part.body) {
          if (firstByte < 0) firstByte = c[0]!;
          size += c.length;
        }
        file = { name: part.name, filename: part.filename, size, firstByte };
      }
    }
    received.push({ headers: req.headers, fields, file });
    return send(200, {
      code: 200,
      msg: "ok",
      data: { id: 7, kind: "image", name: file?.filename ?? "", contentType: "image/png", size: file?.size ?? 0, hasThumbnail: true, bucket: "temp" },
    });
  }
  if (path === "/strict/" && req.method === "POST") {
    // As the API's fetch-standard reader and a browser-strict server: undici's own Request.formData().
    const raw: Buffer[] = [];
    for await (const c of req) raw.push(c as Buffer);
    try {
      const form = await new Request("http://x/", {
        method: "POST",
        headers: { "content-type": req.headers["content-type"]! },
        body: Buffer.concat(raw),
      }).formData();
      const file = form.get("file") as File;
      return send(200, { code: 200, msg: "ok", data: { kindergartenId: form.get("kindergartenId"), name: file.name, type: file.type, size: file.size } });
    } catch {
      return send(400, { code: 400, msg: "The request body cannot be read", data: null });
    }
  }
  if (path === "/files/early413") {
    // As the API past a limit: answers while the body is still arriving, and closes.
    req.once("data", () => {
      res.writeHead(413, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify({ code: 413, msg: "文件过大（图片 上限 10 MB）", data: { maxBytes: 10 } }));
      setTimeout(() => req.destroy(), 20);
    });
    return;
  }
  if (path === "/files/refused") {
    req.resume();
    return send(400, { code: 400, msg: "文件格式错误", data: null });
  }
  if (path === "/files/1") {
    res.writeHead(200, { "content-type": "image/png", "content-disposition": 'inline; filename="a.png"', "content-length": String(BIG) });
    const chunk = Buffer.alloc(64 * 1024, 9);
    for (let i = 0; i < BIG / chunk.length; i++) res.write(chunk);
    return res.end();
  }
  if (path === "/files/archive.json") {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-disposition": 'attachment; filename="personal-data-student-1.json"' });
    return res.end(JSON.stringify({ code: 200, student: { name: "x" } }));
  }
  if (path === "/files/envelope") return send(200, { code: 200, msg: "ok", data: { id: 1 } });
  if (path === "/files/2") return send(404, { code: 404, msg: "未找到", data: null });
  if (path === "/files/3") return send(401, { code: 401, msg: "请重新登录", data: null });
  if (path === "/files/slow") return setTimeout(() => send(200, "late", "image/png"), 2000);
  send(404, { code: 404, msg: "no such case", data: null });
});

let base = "";
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = (timeoutMs = 5000) => createUpstreamClient({ baseUrl: base, appId: "kg-admin-pc", lang: "zh", token: "tok", timeoutMs });

async function* chunks(total: number, size = 64 * 1024) {
  for (let sent = 0; sent < total; sent += size) yield Buffer.alloc(Math.min(size, total - sent), 0x89);
}

describe("upstream upload", () => {
  it("streams fields and a file part as chunked multipart, with token, lang and appid", async () => {
    received = [];
    const r = await client().upload("files/", {
      query: { kind: "image" },
      fields: { note: "照片" },
      file: { name: "file", filename: "头像.png", contentType: "image/png", body: chunks(BIG) },
      schema: fileReplySchema,
    });
    expect(r.data.id).toBe(7);
    const got = received[0]!;
    expect(got.headers["transfer-encoding"]).toBe("chunked");
    expect(got.headers.token).toBe("tok");
    expect(got.headers.appid).toBe("kg-admin-pc");
    expect(got.headers.lang).toBeTruthy();
    expect(got.fields).toEqual({ note: "照片" });
    expect(got.file).toEqual({ name: "file", filename: "头像.png", size: BIG, firstByte: 0x89 });
  });

  it("writes the part as browsers do: undici's strict form parser reads it (issue 26: `filename*` was refused)", async () => {
    const r = await client().upload("strict/", {
      fields: { kindergartenId: "2" },
      file: {
        name: "file",
        filename: "用户导入模板.xlsx",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        body: chunks(200_000),
      },
    });
    expect(r.data).toEqual({
      kindergartenId: "2",
      name: "用户导入模板.xlsx",
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      size: 200_000,
    });
  });

  it("a refusal is an UpstreamError with the API's message", async () => {
    const e = await client()
      .upload("files/refused", { file: { name: "file", filename: "x.png", body: chunks(1024) } })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UpstreamError);
    expect((e as InstanceType<typeof UpstreamError>).message).toBe("文件格式错误");
    expect((e as InstanceType<typeof UpstreamError>).code).toBe(400);
  });
});

describe("upstream upload refused early", () => {
  it("an answer before the body is sent (413) wins over the broken pipe", async () => {
    const e = (await client()
      .upload("files/early413", { file: { name: "file", filename: "big.png", body: chunks(20 * 1024 * 1024) } })
      .catch((x: unknown) => x)) as InstanceType<typeof UpstreamError>;
    expect(e).toBeInstanceOf(UpstreamError);
    expect(e.code).toBe(413);
    expect(e.message).toBe("文件过大（图片 上限 10 MB）");
  });
});

describe("upstream download", () => {
  it("streams the body back with content type, disposition and length", async () => {
    const d = await client().download("files/1");
    expect(d.contentType).toBe("image/png");
    expect(d.disposition).toContain("a.png");
    expect(d.contentLength).toBe(BIG);
    let size = 0;
    for await (const c of d.body as unknown as AsyncIterable<Uint8Array>) size += c.length;
    expect(size).toBe(BIG);
  });

  it("an envelope instead of a file is the usual failure (404 message, 401 unauthorized)", async () => {
    const nf = (await client()
      .download("files/2")
      .catch((x: unknown) => x)) as InstanceType<typeof UpstreamError>;
    expect(nf.kind).toBe("code");
    expect(nf.code).toBe(404);
    const un = (await client()
      .download("files/3")
      .catch((x: unknown) => x)) as InstanceType<typeof UpstreamError>;
    expect(un.kind).toBe("unauthorized");
  });

  it("a JSON file marked as an attachment is a file; a 200 envelope where a file was expected is the unknown error", async () => {
    const d = await client().download("files/archive.json");
    expect([d.contentType, d.disposition]).toEqual(["application/json; charset=utf-8", 'attachment; filename="personal-data-student-1.json"']);
    expect(await new Response(d.body).json()).toEqual({ code: 200, student: { name: "x" } });
    const e = (await client()
      .download("files/envelope")
      .catch((x: unknown) => x)) as InstanceType<typeof UpstreamError>;
    expect([e.kind, e.code]).toEqual(["invalid", 200]);
  });

  it("times out waiting for the reply (network error text) and a refused connection is a transport error", async () => {
    const slow = (await client(300)
      .download("files/slow")
      .catch((x: unknown) => x)) as InstanceType<typeof UpstreamError>;
    expect(slow.kind).toBe("timeout");
    const down = createUpstreamClient({ baseUrl: "http://127.0.0.1:1/", appId: "x", lang: "en", timeoutMs: 1000 });
    const e = (await down.download("files/1").catch((x: unknown) => x)) as InstanceType<typeof UpstreamError>;
    expect(e.kind).toBe("transport");
  });
});
