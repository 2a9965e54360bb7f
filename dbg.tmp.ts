import { aesEncrypt, DEFAULT_AES_KEY, DEFAULT_AES_IV } from "./contract/crypto";
const B = "http://127.0.0.1:8912/";
const login = await (await fetch(B + "token/login", { method: "POST", body: new URLSearchParams({ phone: "13800000006", password: aesEncrypt("Sunny#2026", { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV }), platform: "pc" }) })).json();
const token = login.data.token;
const call = async (m: string, p: string, body?: Record<string, string | string[]>) => {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(body ?? {})) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  const r = await fetch(B + p, { method: m, headers: { token }, body: body ? f : undefined });
  return r.json();
};
const args = process.argv.slice(2);
console.log(JSON.stringify(await call(args[0]!, args[1]!, args[2] ? JSON.parse(args[2]) : undefined)));
