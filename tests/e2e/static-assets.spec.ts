import { brotliCompressSync, constants } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * Issue 28: the browser build's scripts and style sheet reach the browser as compressed once at build time
 * (scripts/precompress-assets.mjs, served by patches/@remix-run+serve), brotli at its highest quality, in the few files
 * scripts/merge-chunks.mjs makes of them, cacheable for a year; a browser that asks for no compression gets the file
 * itself. The page's own HTML is still compressed per response.
 */
async function assetsOf(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  const urls = [...html.matchAll(/<(?:link|script)[^>]+(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return [...new Set(urls)];
}

test("the login page's scripts and style sheet come as brotli 11 or gzip 9, made once, cacheable for a year", async ({ request }) => {
  const assets = await assetsOf(request, "/login");
  // entry, root, the shared boot chunk, the auth layout, the login route and what only they share; was 23 files
  expect(assets.filter((u) => u.endsWith(".js")).length).toBeLessThanOrEqual(15);
  expect(assets.some((u) => u.endsWith(".css"))).toBe(true);
  for (const url of assets) {
    const plain = await request.get(url, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"], url).toBeUndefined();
    const body = await plain.body();

    const br = await request.get(url, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(br.headers()["content-encoding"], url).toBe("br");
    expect(br.headers()["cache-control"], url).toContain("immutable");
    expect(br.headers()["vary"], url).toMatch(/accept-encoding/i);
    // what brotli 11 makes of the file (on-the-fly compression would be brotli 4, a different length)
    const best = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    expect(Number(br.headers()["content-length"]), url).toBe(best.length);
    expect(Buffer.compare(await br.body(), body), url).toBe(0); // decoded by the client: the same file

    const gz = await request.get(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers()["content-encoding"], url).toBe("gzip");
    expect(Buffer.compare(await gz.body(), body), url).toBe(0);
  }
});

test("a page's HTML is still compressed per response", async ({ request }) => {
  const res = await request.get("/login", { headers: { "Accept-Encoding": "gzip" } });
  expect(res.headers()["content-encoding"]).toBe("gzip");
  expect(await res.text()).toContain("<html");
});
