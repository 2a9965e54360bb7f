import { expect, test } from "@playwright/test";
import { addDays, mondayOf, todayCn } from "@contract/daily/time";
import { login, phoneOf } from "../fixtures/e2e";

/**
 * Home (issue 26, item 9): a to-do opens its list filtered to what it counts; the attendance card shows today's
 * figure and the weekly trend (inline SVG with <title>/<desc> and its data table) from what the admin recorded.
 */
test("the principal's to-do 待审批的请假 opens the waiting leave notes, as many as it counts", async ({ page }) => {
  await login(page, phoneOf(1));
  const todo = page.locator('[data-testid="home-todo"][data-key="daily:attention.leaveNotesWaiting"]');
  await expect(todo).toBeVisible();
  const count = Number(await todo.locator("span").last().textContent());
  expect(count).toBeGreaterThan(0);
  await todo.getByTestId("home-todo-link").click();
  await expect(page).toHaveURL(/\/daily\/leaveNotesTeacher\?status=waiting$/);
  await expect(page.getByTestId("filter-status")).toHaveValue("waiting");
  await expect(page.getByTestId("total")).toHaveText(new RegExp(`(^|\\D)${count}(\\D|$)`));
});

test("the admin records a class's attendance today and last week; Home shows today's rate and the trend with its data", async ({ page }) => {
  // Two logins and several saves on a machine shared with other runs.
  test.setTimeout(120_000);
  await login(page, phoneOf(5));
  const lastWeek = addDays(mondayOf(todayCn()), -7);
  for (const date of [lastWeek, todayCn()]) {
    await page.goto(`/student/studentCheck?date=${date}`);
    const rows = page.locator('[data-testid^="att-row-"]');
    await expect(rows.first()).toBeVisible();
    await rows.nth(0).getByTestId("att-status").selectOption("absent");
    await page.getByTestId("attendance-save-class").click();
    await expect(page.getByTestId("count-not_arrived")).toHaveText(/: 0$/);
  }
  await page.goto("/Home");
  const card = page.getByTestId("home-attendance");
  await expect(card.getByTestId("home-attendance-rate")).toHaveText(/^\d{1,3}\.\d%$/);
  const chart = card.getByTestId("line-chart");
  await expect(chart.locator("title").first()).toHaveText(/近 7 周出勤率/);
  await expect(chart.locator("desc")).toContainText("本周尚未结束");
  await card.getByText("查看数据").click();
  const week = `${lastWeek.slice(5, 7)}/${lastWeek.slice(8, 10)}`;
  const row = card.getByTestId("home-attendance-table").locator("tr", { hasText: week });
  // The class's children that week: one absent, the others present: a rate below 100 %.
  await expect(row.locator("td").last()).toHaveText(/^\d{1,2}\.\d%$/);
  await expect(card.getByTestId("home-attendance-table")).toContainText("本周至今");
});
