import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_SESSION_FILE, adminSessionSchema, logInThroughPage } from './login';

test('the admin signs in through the login page once for every flow', async ({ page }) => {
  await logInThroughPage(page);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  const cookies = adminSessionSchema.parse(await page.context().cookies());
  mkdirSync(path.dirname(ADMIN_SESSION_FILE), { recursive: true });
  writeFileSync(ADMIN_SESSION_FILE, JSON.stringify(cookies));
});
