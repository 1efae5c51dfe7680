import { expect, type Page } from '@playwright/test';

/**
 * Opens the dashboard header's "…" menu, hovers one of its submenus and clicks an item in it.
 * Each step has a short timeout and the whole sequence is retried: a menu still closing from the last
 * pick, a hover that lands while the dropdown animates open, or a submenu that closes as the pointer
 * travels to its item would otherwise leave a single long wait hanging on an element that is gone.
 */
export async function clickHeaderMenuItem(page: Page, submenu: string, item: string): Promise<void> {
  const button = page.getByTestId('dashboard-header-menu');
  const title = page.getByTestId(submenu);
  const target = page.getByTestId(item);
  await expect(async () => {
    if (await title.isVisible()) {
      await page.keyboard.press('Escape');
      await expect(title).toBeHidden({ timeout: 5_000 });
    }
    await button.click({ timeout: 5_000 });
    await title.hover({ timeout: 5_000 });
    await target.click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}
