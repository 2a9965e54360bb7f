import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enc, PASSWORD, phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * "This field is required" only when a value is missing (issue 27, item 3): a number field given text says what is
 * wrong with it, on a form (the definitions' `fields.integer`) as on a list's id filter.
 */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60000);
afterAll(async () => {
  await t?.close();
});

describe("validation messages", () => {
  it("a required whole number: missing → required; text → enter a whole number", async () => {
    const token = await t.token(phoneOf(12));
    const missing = await t.call("POST", "admission/customers/", { token, form: { kidName: "x" }, lang: "en" });
    expect(missing.status).toBe(422);
    expect(missing.data.errors.intention).toEqual(["This field is required"]);
    const text = await t.call("POST", "admission/customers/", { token, form: { kidName: "x", intention: "abc" }, lang: "en" });
    expect(text.status).toBe(422);
    expect(text.data.errors.intention).toEqual(["Enter a whole number"]);
  });

  it("an id filter given text names the filter and says what is wrong", async () => {
    const token = await t.token(phoneOf(5));
    const r = await t.call("GET", "users/", { token, query: { classId: "abc" }, lang: "en" });
    expect(r.status).toBe(422);
    expect(r.data.errors.classId).toEqual(["Enter a whole number"]);
  });

  it("a password sent in clear text is one field error beside the request's others (login, registration, user create)", async () => {
    const notEncrypted = "The password was not encrypted as required";
    const login = await t.call("POST", "token/login", { form: { password: PASSWORD }, lang: "en" });
    expect(login.status).toBe(422);
    expect(login.data.errors).toEqual({ phone: ["This field is required"], password: [notEncrypted] });
    const reset = await t.call("POST", "password/reset", { form: { phone: phoneOf(5), oldPassword: PASSWORD, password: enc(PASSWORD) }, lang: "en" });
    expect(reset.status).toBe(422);
    expect(reset.data.errors).toEqual({ oldPassword: [notEncrypted] });
    const register = await t.call("POST", "register", { form: { phone: "123", password: PASSWORD }, lang: "en" });
    expect(register.status).toBe(422);
    expect(register.data.errors.password).toEqual([notEncrypted]);
    expect(Object.keys(register.data.errors)).toEqual(expect.arrayContaining(["phone", "registrationCode", "smsCode"]));

    const token = await t.token(phoneOf(6));
    const user = await t.call("POST", "users/", { token, form: { phone: "123", password: PASSWORD }, lang: "en" });
    expect(user.status).toBe(422);
    expect(user.data.errors.password).toEqual([notEncrypted]);
    expect(user.data.errors.phone).toBeDefined();
    expect(user.data.errors.realName).toBeDefined();
  });
});
