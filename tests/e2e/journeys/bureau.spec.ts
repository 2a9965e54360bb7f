import { expect, journey, onEachScreen } from "./journey";

/**
 * The education-bureau leader (role 10) reads: Home, the kindergartens' notices and the health daily reports of the
 * group. Nothing on these screens offers her a change.
 */
const BUREAU = "13800000010";

onEachScreen(() => {
  journey("bureau leader reads notices and health reports, and is offered no change", async ({ page, signIn, see, tr, openMenu }) => {
    await signIn(BUREAU);
    await expect(page).toHaveURL(/\/Home$/);
    await see();

    await openMenu(tr("日常管理", "Daily"), tr("通知公告", "Notices"));
    await expect(page).toHaveURL(/\/daily\/notice/);
    await expect(page.getByTestId("page-title")).toContainText(tr("通知公告", "Notices"));
    await expect(page.getByTestId("resource-row").first()).toBeVisible();
    await see();
    await page.getByTestId("resource-row").first().getByTestId("row-view").click();
    await see();

    await page.goto("/daily/epidemic");
    await expect(page.getByTestId("page-title")).toContainText(tr("健康日报", "Health report"));
    await see();
    for (const path of ["/daily/notice", "/daily/epidemic"]) {
      await page.goto(path);
      await expect(page.getByTestId("create-button")).toHaveCount(0);
      await expect(page.getByTestId("row-edit")).toHaveCount(0);
      await expect(page.getByTestId("row-delete")).toHaveCount(0);
    }
  });
});
