import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

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
});
