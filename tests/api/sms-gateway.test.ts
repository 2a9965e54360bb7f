import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type SmsConfig } from "@api/config";
import { enc, phoneOf, startTestApi, type TestApi } from "./helpers";

/** An environment for loadConfig (NODE_ENV "test" unless given). */
const env = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", ...vars });

/** How the stand-in gateway answers a phone: the default is 200 {code: "OK"}. */
type Behaviour = "ok" | "http-500" | "error-body" | "success-false" | "silent";

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { phone: string; signName: string; templateId: string; params: { code: string }; content: string };
}

/** A small SMS gateway on a random port that records what it received. */
async function startGateway(behaviour: (phone: string) => Behaviour) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(raw) as Received["body"];
      received.push({ headers: req.headers, raw, body });
      const b = behaviour(body.phone);
      if (b === "silent") return; // never answers: the provider's timeout must end the wait
      if (b === "http-500") return void res.writeHead(500).end("internal");
      const reply = b === "error-body" ? { code: "isv.BUSINESS_LIMIT_CONTROL", message: "limit" } : b === "success-false" ? { success: false } : { code: "OK" };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
  return {
    url,
    received,
    latestTo: (phone: string) => received.filter((r) => r.body.phone === phone).at(-1),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const NEW_PW = "Brave!Kite42";
const OK_PHONE = phoneOf(13);
const behaviours: Record<string, Behaviour> = {
  [phoneOf(14)]: "http-500",
  [phoneOf(7)]: "error-body",
  [phoneOf(8)]: "success-false",
  [phoneOf(11)]: "silent",
};

describe("SMS through an HTTP gateway (SMS_PROVIDER=http)", () => {
  let t: TestApi;
  let gw: Awaited<ReturnType<typeof startGateway>>;
  let sms: SmsConfig;
  beforeAll(async () => {
    gw = await startGateway((phone) => behaviours[phone] ?? "ok");
    sms = loadConfig(
      env({
        SMS_PROVIDER: "http",
        SMS_GATEWAY_URL: gw.url,
        SMS_GATEWAY_KEY: "key-1",
        SMS_GATEWAY_SECRET: "secret-1",
        SMS_SIGN_NAME: "阳光幼儿园",
        SMS_TEMPLATE_ID: "SMS_0001",
        SMS_GATEWAY_TIMEOUT_MS: "500",
      }),
    ).sms;
    t = await startTestApi({ sms });
  });
  afterAll(async () => {
    await t?.close();
    await gw?.close();
  });

  it("needs a gateway address and a known provider name", () => {
    expect(() => loadConfig(env({ SMS_PROVIDER: "http" }))).toThrow(/SMS_GATEWAY_URL/);
    expect(() => loadConfig(env({ SMS_PROVIDER: "carrier-pigeon" }))).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig(env({ SMS_PROVIDER: "http", SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_TIMEOUT_MS: "soon" }))).toThrow(/SMS_GATEWAY_TIMEOUT_MS/);
    expect(loadConfig(env({})).sms.provider).toBe("local");
  });

  it("posts a signed message to the gateway; the code in it resets the password", async () => {
    expect((await t.call("POST", "sms/code", { form: { phone: OK_PHONE, purpose: "forgot" } })).code).toBe(200);
    const msg = gw.latestTo(OK_PHONE)!;
    expect(msg.body).toMatchObject({ phone: OK_PHONE, signName: "阳光幼儿园", templateId: "SMS_0001" });
    const code = msg.body.params.code;
    expect(code).toMatch(/^\d{6}$/);
    expect(msg.body.content).toContain(code);
    expect(msg.headers.authorization).toBe("Bearer key-1");
    const ts = String(msg.headers["x-timestamp"]);
    expect(msg.headers["x-signature"]).toBe(createHmac("sha256", "secret-1").update(`${ts}.${msg.raw}`).digest("hex"));
    // Nothing is written locally when a gateway delivers.
    expect(existsSync(sms.outboxFile)).toBe(false);

    const r = await t.call("POST", "password/forgot", { form: { phone: OK_PHONE, smsCode: code, password: enc(NEW_PW) } });
    expect(r.code).toBe(200);
    expect((await t.login(OK_PHONE, NEW_PW)).code).toBe(200);
  });

  it("answers a clean, translated 502 when the gateway fails, and the code it was given never works", async () => {
    for (const phone of Object.keys(behaviours)) {
      const started = Date.now();
      const r = await t.call("POST", "sms/code", { form: { phone, purpose: "forgot" }, lang: "en" });
      expect(r.status, `${behaviours[phone]}`).toBe(502);
      expect(r.code).toBe(502);
      expect(r.msg).toBe("The text message could not be sent, please try again in a minute");
      expect(Date.now() - started).toBeLessThan(5000);
      const leaked = gw.latestTo(phone)!.body.params.code;
      const use = await t.call("POST", "password/forgot", { form: { phone, smsCode: leaked, password: enc(NEW_PW) } });
      expect(use.code, `${behaviours[phone]}: the failed code is void`).toBe(422);
      expect(use.data.errors.smsCode).toBeTruthy();
    }
    const healthy = await t.call("POST", "sms/code", { form: { phone: phoneOf(3), purpose: "register" } });
    expect(healthy.code).toBe(200);
  });
});
