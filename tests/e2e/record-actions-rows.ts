import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Rows of kindergarten 1's bus teachers (keyword 136001) that one bulk-action spec owns: the `picks`-th by id, held
 * by id (not by position, which another spec's change of a row's state may move), so that the JavaScript and the
 * no-JavaScript spec never act on the same users.
 */
export async function busTeacherRows(page: Page, picks: number[]): Promise<Locator[]> {
  const rows = page.getByTestId("resource-row");
  await expect(rows.nth(Math.max(...picks))).toBeAttached();
  const ids = (await rows.evaluateAll((list) => list.map((r) => Number((r as HTMLElement).dataset.id)))).sort((x, y) => x - y);
  return picks.map((i) => page.locator(`[data-testid="resource-row"][data-id="${ids[i]}"]`));
}
