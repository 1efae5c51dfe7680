import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the dashboard header's "…" menu and one of its submenus, and returns the item once it shows.
 * The hover is repeated until the item is visible: a hover that lands while the dropdown still animates
 * open (or on an item that moved as the menu re-rendered) leaves the submenu closed.
 */
export async function headerMenuItem(page: Page, submenu: string, item: string): Promise<Locator> {
  const button = page.getByTestId('dashboard-header-menu');
  const target = page.getByTestId(item);
  await expect(async () => {
    if (!(await page.getByTestId(submenu).isVisible())) await button.click();
    await page.getByTestId(submenu).hover();
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return target;
}
