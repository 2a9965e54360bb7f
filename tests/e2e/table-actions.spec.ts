import { expect, test } from "@playwright/test";
import { demoFlags, parseTable, planAccounts } from "../fixtures/routes-table";
import { login, phoneOf } from "../fixtures/e2e";
import { tableProblems } from "./screen-checks";

/**
 * Tables on the screens school staff have (issue 26, item 4). Every page of the route table is opened by a demo
 * account that may see it (kindergarten 1, as the a11y crawl), at 1280 × 720 in English (the longest labels) and at
 * 1366 × 768 in Chinese. On each page:
 * - the page itself never scrolls sideways (a wide table scrolls inside its own box);
 * - every control in a table row (row actions, links, buttons, selects) lies inside the viewport and is the element a
 *   click at its centre reaches (not covered, not scrolled out of its table's box);
 * - a short Chinese text in a cell (a name such as 托一班, a type such as 校车请假) stays on one line.
 */
const SCREENS = [
  { width: 1280, height: 720, lang: "en" },
  { width: 1366, height: 768, lang: "zh" },
] as const;
/** Rows checked per table: the first few show every kind of action; a long list would only repeat them. */
const ROWS = 6;
const CHUNK = 8;

const chunks = <T>(list: T[], size: number): T[][] => {
  const n = Math.ceil(list.length / size);
  return Array.from({ length: n }, (_, i) => list.filter((_, j) => j % n === i));
};

test.describe("row actions stay reachable and short Chinese texts whole on 1280 and 1366 px screens", () => {
  test.describe.configure({ mode: "parallel" });
  for (const [role, paths] of planAccounts(parseTable(), demoFlags(1)))
    for (const part of chunks(paths, CHUNK))
      for (const screen of SCREENS)
        test(`role ${role}, ${screen.width}×${screen.height} ${screen.lang}: ${part.length} pages from ${part[0]}`, async ({ page, baseURL }) => {
          test.setTimeout(300_000);
          await page.setViewportSize({ width: screen.width, height: screen.height });
          await login(page, phoneOf(role));
          await page.context().addCookies([{ name: "lng", value: screen.lang, url: baseURL! }]);
          const problems: string[] = [];
          for (const path of part) {
            await page.goto(path);
            problems.push(...(await tableProblems(page, ROWS)).map((p) => `${path}: ${p}`));
          }
          expect(problems).toEqual([]);
        });
});

test("the users list at 1280 × 720: the actions of a row are at the screen's right edge, not cut off", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page, phoneOf(5));
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/user/userAdministration");
  // The first row the admin may manage fully (the principal's row offers her only "View"; which row comes first
  // depends on what earlier tests created)
  const row = page
    .getByTestId("resource-row")
    .filter({ has: page.getByTestId("row-password") })
    .filter({ has: page.getByTestId("row-delete") })
    .first();
  for (const id of ["row-password", "row-view", "row-edit", "row-delete"]) {
    const box = (await row.getByTestId(id).boundingBox())!;
    expect(box.x + box.width, id).toBeLessThanOrEqual(1280);
  }
  // "Reset password" is one piece on one line.
  const reset = (await row.getByTestId("row-password").boundingBox())!;
  expect(reset.height).toBeLessThan(30);
  await row.getByTestId("row-password").click();
  await expect(page).toHaveURL(/\/user\/userAdministration\/\d+\/password/);
});
