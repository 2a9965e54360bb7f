import { describe, expect, it } from "vitest";
import { callRouteAction as action, callRouteLoader as loader } from "@remix-run/server-runtime/dist/data.js";

/**
 * patches/@remix-run+server-runtime+2.17.5.patch: a loader or action gets the request itself when there is no
 * parameter to strip, and a copy without `_routes` / an empty `index` when there is (as upstream).
 */
type Args = { request: Request };
type Handler = (a: Args) => unknown;
/** The two entry points, called as Remix does (single fetch), with a loader or action of ours. */
const callRouteLoader = (request: Request, fn: Handler) =>
  (loader as unknown as (o: object) => Promise<unknown>)({ loadContext: {}, params: {}, request, routeId: "r", singleFetch: true, loader: fn });
const callRouteAction = (request: Request, fn: Handler) =>
  (action as unknown as (o: object) => Promise<unknown>)({ loadContext: {}, params: {}, request, routeId: "r", singleFetch: true, action: fn });

/** What request the loader (or action) was given for a request to `url`. */
const seen = async (url: string, init?: RequestInit, call = callRouteLoader) => {
  const request = new Request(url, init);
  let got: Request | undefined;
  await call(request, (a) => {
    got = a.request;
    return null;
  });
  return { request, got: got! };
};

describe("loader requests (server-runtime patch)", () => {
  it("passes a document request on as it is", async () => {
    const { request, got } = await seen("http://x/user/list?currentPage=2&keyword=%E7%8E%8B");
    expect(got).toBe(request);
  });
  it("still strips single fetch's _routes and an empty index, keeping every other parameter", async () => {
    const data = await seen("http://x/user/list.data?_routes=root%2Cpage&currentPage=2");
    expect(data.got).not.toBe(data.request);
    expect(data.got.url).toBe("http://x/user/list.data?currentPage=2");
    const index = await seen("http://x/user?index&keyword=a");
    expect(new URL(index.got.url).searchParams.has("index")).toBe(false);
    expect(new URL(index.got.url).searchParams.get("keyword")).toBe("a");
  });
  it("an action reads the posted body whether or not it was copied", async () => {
    let body = "";
    const request = new Request("http://x/user/list", { method: "POST", body: "a=1" });
    await callRouteAction(request, async (a) => {
      body = await a.request.text();
      return null;
    });
    expect(body).toBe("a=1");
    expect((await seen("http://x/user/list?currentPage=1", undefined, callRouteAction)).got.url).toBe("http://x/user/list?currentPage=1");
  });
});
