import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneOf, startTestApi, type TestApi } from "./helpers";
import { demoFlags, expectedVisible, parseTable } from "../fixtures/routes-table";

/** GET home/summary: role-specific figures and to-dos, always within the caller's reach. */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.close();
});

const summary = async (phone: string) => {
  const reply = await t.call("GET", "home/summary", { token: await t.token(phone) });
  expect(reply.code).toBe(200);
  return reply.data as { cards: Array<{ key: string; value: number }>; todos: Array<{ key: string; count: number; path: string | null }> };
};
const card = (s: Awaited<ReturnType<typeof summary>>, key: string) => s.cards.find((c) => c.key === key)?.value;

describe("home/summary", () => {
  it("needs a token (401)", async () => {
    const reply = await t.call("GET", "home/summary");
    expect(reply.code).toBe(401);
  });

  it("answers cards and to-dos for every demo role", async () => {
    for (let role = 1; role <= 16; role++) {
      const s = await summary(phoneOf(role));
      expect(Array.isArray(s.cards)).toBe(true);
      expect(Array.isArray(s.todos)).toBe(true);
      for (const c of s.cards) expect(Number.isInteger(c.value) && c.value >= 0).toBe(true);
    }
  });

  it("counts within reach: the super admin sees more than a kindergarten, group 2 sees only its own", async () => {
    const platform = await summary(phoneOf(6));
    const kg1 = await summary(phoneOf(5));
    const kg4 = await summary(phoneOf(405));
    expect(card(platform, "kindergartens")).toBeGreaterThanOrEqual(4);
    expect(card(platform, "students")!).toBeGreaterThan(card(kg1, "students")!);
    expect(card(kg1, "students")).toBeGreaterThan(0);
    // Kindergarten 4's admin counts only kindergarten 4: different from kindergarten 1's figures, never the platform's.
    expect(card(kg4, "students")!).toBeLessThan(card(platform, "students")!);
    const db = t.api.handle.db;
    const kg4Students = Number(
      (
        await db
          .selectFrom("students")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("kindergarten_id", "=", 4)
          .where("status", "=", "at_school")
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(card(kg4, "students")).toBe(kg4Students);
  });

  it("a teacher counts her own classes only; a parent his own children", async () => {
    const teacher = await summary(phoneOf(3));
    const admin = await summary(phoneOf(5));
    expect(card(teacher, "myClasses")!).toBeLessThan(card(admin, "classes")!);
    const parent = await summary(phoneOf(4));
    expect(card(parent, "children")!).toBeGreaterThanOrEqual(1);
    expect(card(parent, "children")!).toBeLessThan(5);
  });

  it("to-do links only point at pages the caller may open", async () => {
    const teacher = await summary(phoneOf(3));
    // Each link is a page of routes.md the teacher (role 3, kindergarten 1's flags) may open; the others carry none.
    const rows = parseTable();
    const mayOpen = rows.filter((r) => expectedVisible(r, 3, demoFlags(1, rows))).map((r) => r.path);
    const linked = teacher.todos.filter((d) => d.path).map((d) => d.path);
    expect(linked.length).toBeGreaterThan(0);
    // Each link is that page, filtered to what the to-do counts.
    for (const p of linked) expect(mayOpen).toContain(p!.split("?")[0]);
    const principal = await summary(phoneOf(1));
    // A to-do on a page the caller may not open is left out (/kindergarten/class is 5,6 only).
    expect(principal.todos.find((d) => d.key === "classesWithoutTeacher")).toBeUndefined();
  });
});
