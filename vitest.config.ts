import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Web test files that need a module graph of their own: with shared modules the report menu's lazily
 * loaded dialog never opened after some other files had run in the same worker (not yet understood).
 */
const WEB_ISOLATED = ['apps/web/src/features/reports/use-report-menu.test.tsx'];

// Four projects: fast pure unit tests, integration tests that talk to the real PostgreSQL,
// MariaDB and Redis on localhost, and the web app's component tests in jsdom (most sharing modules).
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on the 2-core CI machines, so
    // unit and web files ran one at a time while the main process, which only collects results, sat idle.
    // The integration project stays at one file at a time (fileParallelism: false): its files share the
    // PostgreSQL, MariaDB and Redis servers on the same cores, and some watch those servers' activity.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // A guard against hangs, not a speed check: property tests run thousands of cases and take
          // seconds on a loaded 2-core CI.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'packages/*/src/**/*.int.test.ts',
            'apps/server/src/**/*.int.test.ts',
            'apps/server/test/**/*.int.test.ts',
          ],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...WEB_ISOLATED, '**/node_modules/**'],
          environment: 'jsdom',
          // Each file used to import React, antd and the app afresh in its own module graph: 4–5 s a file,
          // four times the tests' own time. Files of one worker now share those modules (each test still
          // builds its own store and renders into a fresh document); the project ran 4.5x faster.
          isolate: false,
          // A guard against hangs, not a speed check: antd pages in jsdom take seconds on a loaded 2-core CI.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web-isolated',
          include: [...WEB_ISOLATED],
          environment: 'jsdom',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
