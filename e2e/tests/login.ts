import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';

export async function logIn(page: Page): Promise<void> {
  await page.goto('/login/');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/chart\/list\/$/);
}
