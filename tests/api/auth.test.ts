import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Migrator, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenReplySchema, userInfoSchema } from "@contract/api";
import { migrate, openDb } from "@api/db";
import { migrationProvider } from "@api/db/migrations";
import { ADMIN_SERVER, enc, phoneOf, startTestApi, usePostgres, PASSWORD, WEAK_PASSWORD, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.close();
});

describe("POST token/login", () => {
  it("answers a token and the user info for the right password", async () => {
    const r = await t.login(phoneOf(5));
    expect(r.status).toBe(200);
    expect(r.code).toBe(200);
    const data = tokenReplySchema.parse(r.data);
    expect(data.roleId).toBe(5);
    expect(data.roles).toEqual([5]);
    expect(data.kindergartenId).toBe(1);
    expect(data.educationGroupId).toBe(1);
    expect(data.optionalFunction?.isShowNursery).toBe(true);
    expect(data.optionalFunction?.isHideBus).toBe(false);
  });

  it("trims the phone", async () => {
    const r = await t.call("POST", "token/login", { form: { phone: `  ${phoneOf(1)} `, password: enc(PASSWORD), platform: "pc" } });
    expect(r.code).toBe(200);
    expect(r.data.roleId).toBe(1);
  });

  it("refuses wrong credentials with a clear translated message", async () => {
    const zh = await t.login(phoneOf(3), "Wrong#Pass9");
    expect(zh.status).toBe(400);
    expect(zh.code).toBe(400);
    expect(zh.msg).toBe("手机号或密码错误");
    expect(zh.data?.token).toBeUndefined();
    const en = await t.login("13999999999", "Wrong#Pass9", { lang: "en-US" });
    expect(en.code).toBe(400);
    expect(en.msg).toBe("Wrong phone number or password");
  });

  it("answers exactly 'Need Reset Password' (code 400, no token) for a correct password that breaks the policy", async () => {
    const r = await t.login(phoneOf(200), WEAK_PASSWORD);
    expect(r.code).toBe(400);
    expect(r.msg).toBe("Need Reset Password");
    expect(r.data).toBeNull();
    // A wrong password for the same account is still just wrong.
    expect((await t.login(phoneOf(200), "87654321")).msg).not.toBe("Need Reset Password");
  });

  it("refuses a password that is not AES-encrypted with a field error", async () => {
    const r = await t.call("POST", "token/login", { form: { phone: phoneOf(5), password: "not base64 !!" }, lang: "en" });
    expect(r.code).toBe(422);
    expect(r.data.errors.password[0]).toMatch(/encrypted/);
  });

  it("validates missing fields per field (422)", async () => {
    const r = await t.call("POST", "token/login", { form: {} });
    expect(r.status).toBe(422);
    expect(Object.keys(r.data.errors).sort()).toEqual(["password", "phone"]);
    expect(r.data.errors.phone[0]).toBe("此项不能为空");
  });

  it("locks a phone for 15 minutes after 5 failures within 15 minutes", async () => {
    const phone = phoneOf(12);
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await t.login(phone, "Wrong#Pass9"));
    expect(replies.slice(0, 4).every((r) => r.code === 400)).toBe(true);
    expect(replies[4].code).toBe(423);
    const right = await t.login(phone, PASSWORD, { lang: "en" });
    expect(right.code).toBe(423);
    expect(right.msg).toMatch(/locked.*15 minutes/);
    // Another phone is not affected.
    expect((await t.login(phoneOf(14))).code).toBe(200);
  });

  it("a running lock answers the minutes left; an expired one starts a new count", async () => {
    const phone = phoneOf(11);
    const at = (minutes: number) => new Date(Date.now() + minutes * 60000).toISOString();
    await t.api.handle.db
      .insertInto("login_locks")
      .values({ phone, failures: 5, window_start: at(-8), locked_until: at(6.5) })
      .execute();
    const r = await t.login(phone, PASSWORD, { lang: "en" });
    expect([r.code, r.msg]).toEqual([423, "Too many failed logins: the account is locked, try again in 7 minutes"]);
    await t.api.handle.db
      .updateTable("login_locks")
      .set({ locked_until: at(-1) })
      .where("phone", "=", phone)
      .execute();
    expect((await t.login(phone, "Wrong#Pass9")).code).toBe(400);
    expect((await t.login(phone)).code).toBe(200);
  });

  it("refuses a disabled user with a clear message", async () => {
    await t.api.handle.db.updateTable("users").set({ enabled: 0 }).where("phone", "=", phoneOf(10)).execute();
    const r = await t.login(phoneOf(10), PASSWORD, { lang: "en" });
    expect(r.code).toBe(403);
    expect(r.msg).toMatch(/disabled/);
    expect(r.data?.token).toBeUndefined();
    await t.api.handle.db.updateTable("users").set({ enabled: 1 }).where("phone", "=", phoneOf(10)).execute();
  });

  it("stores only a hash of the token", async () => {
    const token = await t.token(phoneOf(9));
    const rows = await t.api.handle.db.selectFrom("tokens").select("token_hash").execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe("token lifecycle", () => {
  it("GET token/info answers the user info of the token", async () => {
    const token = await t.token(phoneOf(100));
    const r = await t.call("GET", "token/info", { token });
    expect(r.code).toBe(200);
    const info = userInfoSchema.parse(r.data);
    expect(info.roleId).toBe(3);
    expect(info.roles).toEqual([3, 1]);
    expect(info.kindergartenId).toBe(1);
    expect(info.educationGroupId).toBe(1);
  });

  it("without a token: 401 with 'please log in again' (zh and en)", async () => {
    const zh = await t.call("GET", "token/info");
    expect(zh.status).toBe(401);
    expect(zh.code).toBe(401);
    expect(zh.msg).toBe("请重新登录");
    const en = await t.call("GET", "token/info", { token: "garbage", lang: "en-US" });
    expect(en.code).toBe(401);
    expect(en.msg).toBe("Please log in again");
  });

  it("DELETE token/logout revokes the token (then 401)", async () => {
    const token = await t.token(phoneOf(7));
    expect((await t.call("GET", "token/info", { token })).code).toBe(200);
    const out = await t.call("DELETE", "token/logout", { token });
    expect(out.code).toBe(200);
    expect((await t.call("GET", "token/info", { token })).code).toBe(401);
    expect((await t.call("DELETE", "token/logout", { token })).code).toBe(401);
  });

  it("an expired token answers 401", async () => {
    const token = await t.token(phoneOf(8));
    const info = await t.call("GET", "token/info", { token });
    await t.api.handle.db
      .updateTable("tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", info.data.userId)
      .execute();
    const r = await t.call("GET", "token/info", { token });
    expect(r.code).toBe(401);
  });

  it("tokens expire after TOKEN_TTL (a 1-second TTL server)", async () => {
    const short = await startTestApi({ tokenTtlSeconds: 1 });
    try {
      const token = await short.token(phoneOf(5));
      expect((await short.call("GET", "token/info", { token })).code).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
      expect((await short.call("GET", "token/info", { token })).code).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe("PATCH token/role/{id}", () => {
  it("switches 13800000100 from role 3 to role 1 with a new token and revokes the old one", async () => {
    const old = await t.token(phoneOf(100));
    const r = await t.call("PATCH", "token/role/1", { token: old, form: { platform: "pc" } });
    expect(r.code).toBe(200);
    const data = tokenReplySchema.parse(r.data);
    expect(data.roleId).toBe(1);
    expect(data.token).not.toBe(old);
    expect((await t.call("GET", "token/info", { token: old })).code).toBe(401);
    const info = await t.call("GET", "token/info", { token: data.token });
    expect(info.data.roleId).toBe(1);
  });

  it("refuses a role the user does not have", async () => {
    const token = await t.token(phoneOf(100));
    const r = await t.call("PATCH", "token/role/6", { token, form: { platform: "pc" }, lang: "en" });
    expect(r.code).toBe(403);
    expect(r.msg).toBe("You do not have this role");
    expect((await t.call("PATCH", "token/role/99", { token, form: { platform: "pc" } })).code).toBe(403);
    // The token still works: a refused switch changes nothing.
    expect((await t.call("GET", "token/info", { token })).data.roleId).toBe(3);
  });
});

describe("PATCH token/kindergarten/{id}", () => {
  it("switches 13800000111 to kindergarten 2 (bound) with a new token", async () => {
    const old = await t.token(phoneOf(111));
    const r = await t.call("PATCH", "token/kindergarten/2", { token: old, query: { platform: "pc" } });
    expect(r.code).toBe(200);
    expect(r.data.kindergartenId).toBe(2);
    expect(r.data.roleId).toBe(11);
    expect(r.data.optionalFunction.isHideBus).toBe(true);
    expect(r.data.optionalFunction.isShowNursery).toBe(false);
    expect((await t.call("GET", "token/info", { token: old })).code).toBe(401);
    // And back to 1.
    const back = await t.call("PATCH", "token/kindergarten/1", { token: r.data.token, query: { platform: "pc" } });
    expect(back.data.kindergartenId).toBe(1);
  });

  it("refuses a kindergarten the user is not bound to (kindergarten 4)", async () => {
    const token = await t.token(phoneOf(111));
    const r = await t.call("PATCH", "token/kindergarten/4", { token, query: { platform: "pc" }, lang: "en" });
    expect(r.code).toBe(403);
    expect(r.msg).toBe("You are not bound to this kindergarten");
    expect((await t.call("PATCH", "token/kindergarten/999", { token, query: { platform: "pc" } })).code).toBe(403);
  });

  it("lets the principal 13800000001 switch between kindergartens 1 and 2", async () => {
    const token = await t.token(phoneOf(1));
    const r = await t.call("PATCH", "token/kindergarten/2", { token, query: { platform: "pc" } });
    expect(r.code).toBe(200);
    expect(r.data.kindergartenId).toBe(2);
    expect(r.data.educationGroupId).toBe(1);
  });

  it("refuses roles other than 1 and 11 (role 3)", async () => {
    const token = await t.token(phoneOf(3));
    const r = await t.call("PATCH", "token/kindergarten/1", { token, query: { platform: "pc" }, lang: "en" });
    expect(r.code).toBe(403);
    expect(r.msg).toBe("Only principals and subject teachers can switch kindergarten");
  });
});

describe("GET token/sts", () => {
  it("answers short-lived upload credentials that the local storage accepts", async () => {
    const token = await t.token(phoneOf(5));
    const r = await t.call("GET", "token/sts", { token });
    expect(r.code).toBe(200);
    for (const k of ["accessKeyId", "accessKeySecret", "securityToken", "expiration", "bucket", "region", "endpoint"]) expect(r.data[k]).toBeTruthy();
    const ttl = Date.parse(r.data.expiration) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
    const key = `${r.data.prefix}photo.jpg`;
    const put = await fetch(new URL(`uploads/${r.data.bucket}/${key}`, t.url), {
      method: "PUT",
      headers: { "x-security-token": r.data.securityToken },
      body: "jpegbytes",
    });
    expect(put.status).toBe(200);
    const bad = await fetch(new URL(`uploads/${r.data.bucket}/${key}`, t.url), { method: "PUT", headers: { "x-security-token": "nope" }, body: "x" });
    expect(bad.status).toBe(403);
    expect(r.data.bucket).toBe("temp");
    const temp = await t.call("GET", "token/sts", { token, query: { bucket: "temp" } });
    expect(temp.data.bucket).toBe("temp");
    expect((await t.call("GET", "token/sts", { token, query: { bucket: "other" } })).code).toBe(422);
    // Clients never write to the main bucket (issue 25 item 5).
    expect((await t.call("GET", "token/sts", { token, query: { bucket: "main" } })).code).toBe(422);
  });

  it("needs a token", async () => {
    expect((await t.call("GET", "token/sts")).code).toBe(401);
  });
});

describe("audit log", () => {
  it("records writes with who and what, never secrets", async () => {
    const rows = await t.api.handle.db.selectFrom("audit_log").selectAll().where("entity", "=", "tokens").execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.action === "issue_token" && r.user_id != null)).toBe(true);
    expect(rows.some((r) => r.action === "revoke_token")).toBe(true);
    expect(rows.every((r) => !r.after || r.after.includes("[redacted]"))).toBe(true);
  });
});

describe("migration 004 (login_locks as one row per phone, rate_limits)", () => {
  /** A fresh empty database of the dialect under test, migrated up to `upTo`. */
  async function databaseAt(upTo: string) {
    const dir = mkdtempSync(join(tmpdir(), "kg-mig-"));
    let url = `file:${join(dir, "school.db")}`;
    let drop = async () => rmSync(dir, { recursive: true, force: true });
    if (usePostgres) {
      const name = `kg_m_${randomBytes(6).toString("hex")}`;
      const admin = async (q: string) => {
        const c = new pg.Client({ connectionString: ADMIN_SERVER });
        await c.connect();
        await c.query(q);
        await c.end();
      };
      await admin(`CREATE DATABASE ${name}`);
      url = `postgres://postgres@127.0.0.1:5432/${name}`;
      drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    const handle = openDb(url);
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect) });
    const { error } = await migrator.migrateTo(upTo);
    if (error) throw error;
    return { handle, close: async () => (await handle.destroy(), await drop()) };
  }

  it("carries running locks over and drops the attempt log", async () => {
    const { handle, close } = await databaseAt("003_push_notifications");
    try {
      const until = new Date(Date.now() + 10 * 60000).toISOString();
      await sql`INSERT INTO login_locks (phone, locked_until) VALUES (${phoneOf(3)}, ${until})`.execute(handle.db);
      await sql`INSERT INTO login_attempts (phone, ok, at) VALUES (${phoneOf(3)}, 0, ${until})`.execute(handle.db);
      await migrate(handle);
      const rows = await handle.db.selectFrom("login_locks").selectAll().execute();
      expect(rows).toEqual([{ phone: phoneOf(3), failures: 0, window_start: until, locked_until: until }]);
      await expect(sql`SELECT 1 FROM login_attempts`.execute(handle.db)).rejects.toThrow();
      expect(await handle.db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
    } finally {
      await close();
    }
  });
});
