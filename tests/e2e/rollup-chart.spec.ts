import { expect, test } from "@playwright/test";
import { loginHere } from "../fixtures/e2e";

/** The education bureau's health roll-up chart (issue 26 item 13): each metric named, today marked as partial, the last date readable. */
test("the bureau's trend chart names its metrics, marks today as partial and keeps the last date inside the chart", async ({ page }) => {
  await page.goto("/daily/epidemic");
  await loginHere(page, "13800000010", { js: true });
  const chart = page.getByTestId("line-chart");
  await expect(chart).toBeVisible();
  const legend = chart.getByTestId("chart-legend");
  await expect(legend).toContainText("因病缺勤");
  await expect(legend).toContainText("发热");
  // The roll-up ends today (the default day): today's point is "so far", drawn dashed and named so.
  await expect(legend).toContainText("今日（截至目前）");
  await expect(chart.locator("path[data-partial]")).toHaveCount(2);
  // The last axis label (today) lies within the chart's box.
  const box = (await chart.boundingBox())!;
  const last = chart.locator(":scope > g > text").last(); // the axis labels (ticks and legend sit in groups of their own)
  await expect(last).toHaveAttribute("text-anchor", "end");
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(box.x + box.width);
  await page.goto(`/daily/epidemic?to=2026-01-13`);
  await expect(page.getByTestId("line-chart").getByTestId("chart-legend")).not.toContainText("今日（截至目前）");
});
