import { defineConfig } from 'vitest/config';

// Three projects: fast pure unit tests, integration tests that talk to the real PostgreSQL,
// MariaDB and Redis on localhost, and the web app's component tests in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A guard against hangs, not a speed check: antd pages in jsdom take seconds on a loaded 2-core CI.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
