/**
 * A TLS + HTTP/2 front for a local HTTP/1.1 server, as a production deployment puts one (nginx, Caddy, a cloud load
 * balancer): the bench measures each product both straight over HTTP/1.1 (six connections per host in Chromium) and
 * behind this front (one multiplexed connection). The certificate is self-signed, made once by openssl under
 * bench/.tmp; Chromium is started with --ignore-certificate-errors for it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { join } from "node:path";

/** Headers HTTP/2 forbids or that describe only one hop. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "http2-settings", "te"]);

function certificate(dir: string): { key: Buffer; cert: Buffer } {
  mkdirSync(dir, { recursive: true });
  const key = join(dir, "h2-key.pem");
  const cert = join(dir, "h2-cert.pem");
  if (!existsSync(key) || !existsSync(cert)) {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "30"].concat([
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        key,
        "-out",
        cert,
      ]),
      {
        stdio: "ignore",
      },
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Listens on `port` (https, h2 with HTTP/1.1 fallback) and forwards every request to http://127.0.0.1:<target>. */
export function startH2Proxy(port: number, target: number, certDir: string): Promise<http2.Http2SecureServer> {
  const server = http2.createSecureServer({ ...certificate(certDir), allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = req.headers[":authority"] ?? req.headers.host;
    const upstream = http.request({ host: "127.0.0.1", port: target, method: req.method, path: req.url, headers }, (up) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(up.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((ok) => server.listen(port, "127.0.0.1", () => ok(server)));
}
