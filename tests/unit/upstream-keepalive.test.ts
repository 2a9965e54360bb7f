import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET = "unit-test-secret";
const { createUpstreamClient, upstreamAgents, UPSTREAM_AGENT_OPTIONS } = await import("~/utils/upstream.server");

/** A real local API stand-in that records which TCP connection carried each request. */
const connections: number[] = [];
let opened = 0;
const server = http.createServer((req, res) => {
  connections.push((req.socket as unknown as { __id: number }).__id);
  const delay = Number(new URL(req.url ?? "/", "http://x").searchParams.get("delay") ?? 0);
  setTimeout(() => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: 200, msg: "ok", data: { n: connections.length } }));
  }, delay);
});
server.on("connection", (socket) => {
  (socket as unknown as { __id: number }).__id = ++opened;
});
let client: ReturnType<typeof createUpstreamClient>;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  client = createUpstreamClient({ baseUrl: `http://127.0.0.1:${port}/`, appId: "kg-admin-pc", lang: "zh" });
});
afterAll(async () => {
  upstreamAgents.http.destroy();
  await new Promise((r) => server.close(r));
});

describe("upstream keep-alive agent", () => {
  it("sends two sequential calls down one TCP connection", async () => {
    connections.length = 0;
    const before = opened;
    await client.get("a");
    await client.get("b");
    expect(connections).toHaveLength(2);
    expect(connections[0]).toBe(connections[1]);
    expect(opened - before).toBeLessThanOrEqual(1);
  });

  it("opens more connections for parallel calls, then reuses them", async () => {
    connections.length = 0;
    await Promise.all([client.get("p1?delay=50"), client.get("p2?delay=50"), client.get("p3?delay=50")]);
    const parallel = new Set(connections);
    expect(parallel.size).toBe(3);
    const openedBefore = opened;
    await client.get("again");
    expect(opened).toBe(openedBefore);
    expect(parallel.has(connections[3]!)).toBe(true);
  });

  it("keeps at most maxSockets per host and closes idle sockets", () => {
    expect(UPSTREAM_AGENT_OPTIONS.keepAlive).toBe(true);
    expect(upstreamAgents.http.maxSockets).toBe(UPSTREAM_AGENT_OPTIONS.maxSockets);
    expect(upstreamAgents.http.maxSockets).toBeGreaterThanOrEqual(16);
    expect(upstreamAgents.https.maxSockets).toBe(UPSTREAM_AGENT_OPTIONS.maxSockets);
  });
});
