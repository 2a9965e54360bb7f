import { expect, test, type Page } from "@playwright/test";
import { loginHere } from "../fixtures/e2e";

/**
 * The admissions teacher's day and week view of /admission/appointmentList without JavaScript (issue 15): this
 * week's appointments in their day columns (checked against the list filtered to the same dates), next week and
 * back, the day view with its record actions (one marked done, back on its day), and the English labels.
 */
const PAGE = "/admission/appointmentList";
const DAY = 86400000;
const cnDate = (t: number) => new Date(t + 8 * 3600000).toISOString().slice(0, 10);
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

type Row = { id: string; date: string; time: string; customer: string };

/** The list (the oracle): this week's appointments of the kindergarten. */
async function listRows(page: Page, from: string, to: string): Promise<Row[]> {
  await page.goto(`${PAGE}?dateFrom=${from}&dateTo=${to}&pageSize=200`);
  const rows = page.getByTestId("resource-row");
  const out: Row[] = [];
  for (const row of await rows.all()) {
    const cell = async (f: string) => (await row.locator(`td[data-field="${f}"]`).innerText()).trim();
    out.push({ id: (await row.getAttribute("data-id"))!, date: await cell("date"), time: await cell("time"), customer: await cell("customerName") });
  }
  return out;
}

test("the admissions teacher's week and day view without JavaScript, in Chinese and English", async ({ page, baseURL }) => {
  const today = cnDate(Date.now());
  const monday = mondayOf(today);
  const sunday = addDays(monday, 6);
  await page.goto(`${PAGE}?view=week`);
  await loginHere(page, "13800000012");
  await expect(page.getByTestId("appointment-schedule")).toHaveAttribute("data-view", "week");

  // Hers by default: every appointment has the same teacher; "all of my kindergarten" shows the list's week.
  const mine = page.getByTestId("appointment");
  const mineCount = await mine.count();
  expect(mineCount).toBeGreaterThan(0);
  expect(new Set(await page.getByTestId("appointment-teacher").allInnerTexts()).size).toBe(1);

  const expected = await listRows(page, monday, sunday);
  expect(expected.length).toBeGreaterThanOrEqual(mineCount);
  await page.goto(`${PAGE}?view=week&date=${today}`);
  await page.getByTestId("scope-all").click();
  await expect(page).toHaveURL(/all=1/);
  const days = page.getByTestId("week-day");
  await expect(days).toHaveCount(7);
  expect(await days.evaluateAll((els) => els.map((e) => e.getAttribute("data-date")))).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => addDays(monday, i)));
  await expect(page.locator('[data-testid="week-day"][data-today]')).toHaveAttribute("data-date", today);
  await expect(page.getByTestId("appointment")).toHaveCount(expected.length);
  for (const r of expected) {
    const entry = page.locator(`[data-testid="week-day"][data-date="${r.date}"] [data-testid="appointment"][data-id="${r.id}"]`);
    await expect(entry.getByTestId("appointment-time")).toHaveText(r.time);
    await expect(entry.getByTestId("appointment-customer")).toHaveText(r.customer);
  }
  // Each day in time order.
  for (const d of await days.all()) {
    const times = await d.getByTestId("appointment-time").allInnerTexts();
    expect(times).toEqual([...times].sort());
  }

  // Next week and back.
  await page.getByTestId("period-next").click();
  await expect(days.first()).toHaveAttribute("data-date", addDays(monday, 7));
  await expect(page.locator('[data-testid="week-day"][data-today]')).toHaveCount(0);
  await page.getByTestId("period-prev").click();
  await expect(days.first()).toHaveAttribute("data-date", monday);

  // The day view of today: today's appointments, a to-be-done one offering "done" and "cancel".
  await page.getByTestId("view-day").click();
  await expect(page.getByTestId("appointment-day")).toHaveAttribute("data-date", today);
  const todays = expected.filter((r) => r.date === today);
  await expect(page.getByTestId("appointment-day").getByTestId("appointment")).toHaveCount(todays.length);
  for (const li of await page.getByTestId("appointment-day").locator("li").all()) {
    const todo = (await li.getByTestId("state-badge").getAttribute("data-state")) === "todo";
    await expect(li.getByTestId("row-complete")).toHaveCount(todo ? 1 : 0);
    await expect(li.getByTestId("row-cancel")).toHaveCount(todo ? 1 : 0);
  }
  await page.getByTestId("period-next").click();
  await expect(page.getByTestId("appointment-day")).toHaveAttribute("data-date", addDays(today, 1));

  // A to-be-done appointment of hers this week marked done from its day: back on the same day, now done.
  await page.goto(`${PAGE}?view=week&date=${today}`);
  const todo = page
    .getByTestId("appointment")
    .filter({ has: page.locator('[data-state="todo"]') })
    .first();
  const [id, date] = [await todo.getAttribute("data-id"), await todo.getAttribute("data-date")];
  await page.goto(`${PAGE}?view=day&date=${date}`);
  await page
    .locator("li")
    .filter({ has: page.locator(`[data-testid="appointment"][data-id="${id}"]`) })
    .getByTestId("row-complete")
    .click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${date}`));
  await expect(page.locator(`[data-testid="appointment"][data-id="${id}"]`).getByTestId("state-badge")).toHaveAttribute("data-state", "done");

  // English.
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto(`${PAGE}?view=week&date=${today}&all=1`);
  await expect(page.getByTestId("view-week")).toHaveText("Week");
  await expect(page.getByTestId("view-day")).toHaveText("Day");
  await expect(page.getByTestId("view-list")).toHaveText("List");
  await expect(page.getByTestId("period-next")).toHaveText("Next week");
  await expect(page.getByTestId("period-today")).toHaveText("Today");
  await expect(page.getByTestId("scope-all")).toHaveText("All of my kindergarten");
  await expect(page.getByTestId("appointment-period")).toContainText("Week of");
  const han = /[\u4e00-\u9fff]/;
  for (const text of await page.getByTestId("week-day").locator("h2").allInnerTexts()) expect(text).not.toMatch(han);
  for (const text of await page.getByTestId("state-badge").allInnerTexts()) expect(text).not.toMatch(han);
});
