import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { E2E_ADMIN_PASSWORD } from './credentials';

/**
 * The admin's session cookies, written once per run by the `admin-session` setup project (which signs in
 * through the login page) so that flows start signed in instead of paying a login (argon2) each.
 */
export const ADMIN_SESSION_FILE = path.join(import.meta.dirname, '..', '.artifacts', 'auth', 'admin.json');

const cookieSchema = z.object({
  name: z.string(),
  value: z.string(),
  domain: z.string(),
  path: z.string(),
  expires: z.number(),
  httpOnly: z.boolean(),
  secure: z.boolean(),
  sameSite: z.enum(['Strict', 'Lax', 'None']),
});
export const adminSessionSchema = z.array(cookieSchema).min(1);

/** Signs in as the admin through the login page, as a user does; ends on the home page. */
export async function logInThroughPage(page: Page): Promise<void> {
  await page.goto('/login/');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/superset\/welcome\/$/);
}

/**
 * Gives the page's browser the admin's shared session, without loading a page. A flow that logs out
 * must sign in through the page instead: logging out ends the session for every later flow.
 */
export async function useAdminSession(page: Page): Promise<void> {
  const cookies = adminSessionSchema.parse(JSON.parse(readFileSync(ADMIN_SESSION_FILE, 'utf8')));
  await page.context().addCookies(cookies);
}

/** Opens the Charts list signed in as the admin, where a sign-in through the page lands. */
export async function logIn(page: Page): Promise<void> {
  await useAdminSession(page);
  await page.goto('/chart/list/');
  await expect(page).toHaveURL(/\/chart\/list\/$/);
}
