import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18_088);
const dataDir = path.join(import.meta.dirname, '.artifacts', 'data');
import { E2E_ADMIN_PASSWORD } from './tests/credentials';

/**
 * Drives the real app in Debian's Chromium: the web server is `npm start` itself (the web app is built if
 * needed) on a fresh data dir, so the flows run exactly as a new user's first start.
 */
export default defineConfig({
  testDir: path.join(import.meta.dirname, 'tests'),
  globalSetup: path.join(import.meta.dirname, 'global-setup.ts'),
  outputDir: path.join(import.meta.dirname, '.artifacts', 'results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  // The admin signs in through the login page once (admin-session.setup.ts); the flows reuse its
  // session cookies (tests/login.ts). The flows that are about signing in still go through the page.
  projects: [
    { name: 'admin-session', testMatch: /admin-session\.setup\.ts$/ },
    { name: 'flows', dependencies: ['admin-session'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    testIdAttribute: 'data-test',
    // No single click, hover or read may wait out a whole test's budget: a hang fails in seconds and says where.
    actionTimeout: 60_000,
    navigationTimeout: 90_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node scripts/start.mjs`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      TESSERA_PORT: String(port),
      TESSERA_HOST: '127.0.0.1',
      TESSERA_DATA_DIR: dataDir,
      TESSERA_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      TESSERA_LOG_LEVEL: 'warn',
      // The flows share one admin session, but many still log in through the API (bearer tokens for their
      // fixtures) or sign in new users through the page, more than the default budgets allow in a minute
      // on a fast run. The throttle itself is covered by the sign-in integration tests.
      TESSERA_CONFIG_FILE: path.join(import.meta.dirname, 'tessera.e2e.config.json'),
    },
  },
});
