/**
 * Web bundle benchmark: starts Tessera on a fresh data dir, opens the login page and then the app shell (the Charts list, where sign-in lands) in
 * Debian's Chromium, and sums the gzipped size of every JavaScript file each page loaded. The baseline
 * is the 250 KB budget. Run: npm run build && npx tsx bench/web-bundle.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET_BYTES = 250 * 1024;
const PORT = 18_188;
const PASSWORD = 'bench-admin-password';

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

/** Records the gzipped size of each distinct script the page downloads while `action` runs. */
async function scriptBytes(page: Page, action: () => Promise<void>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        sizes.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
      }),
    );
  };
  page.on('response', listener);
  await action();
  page.off('response', listener);
  await Promise.all(pending);
  return sizes;
}

const total = (sizes: Map<string, number>): number =>
  [...sizes.values()].reduce((sum, size) => sum + size, 0);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-web-'));
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      TESSERA_PORT: String(PORT),
      TESSERA_HOST: '127.0.0.1',
      TESSERA_DATA_DIR: dataDir,
      TESSERA_ADMIN_PASSWORD: PASSWORD,
      TESSERA_LOG_LEVEL: 'warn',
    },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await waitForHealth();
    const page = await browser.newPage();
    const login = await scriptBytes(page, async () => {
      await page.goto(`http://127.0.0.1:${PORT}/login/`, { waitUntil: 'networkidle' });
    });
    const shellExtra = await scriptBytes(page, async () => {
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: /log in|sign in/i }).click();
      // The landing page after sign-in (the Charts list); the shell and that page are lazy chunks: wait
      // until it has really rendered.
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.locator('[data-test="chart-list-page"]').waitFor();
      await page.waitForLoadState('networkidle');
    });
    const shell = new Map([...login, ...shellExtra]);
    for (const [name, sizes] of [
      ['login page', login],
      ['shell + Charts list', shell],
    ] as const) {
      const bytes = total(sizes);
      process.stdout.write(
        `${name.padEnd(26)} ${(bytes / 1024).toFixed(1).padStart(7)} KB gzipped JS in ${sizes.size} files  (${(bytes / BUDGET_BYTES).toFixed(2)}x the 250 KB budget: ${bytes <= BUDGET_BYTES ? 'met' : 'MISSED'})\n`,
      );
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
