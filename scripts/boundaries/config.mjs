// What the boundary checker looks at in this repository; the rules themselves live in check.mjs and are
// described in docs/ARCHITECTURE.md ("Boundaries").
export const config = {
  sourceRoots: ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages'],
  /** `@tessera/<name>` → its folder; the package's entry is `<folder>/src/index.ts`. */
  packageFolders: {
    contracts: 'packages/contracts',
    core: 'packages/core',
    connectors: 'packages/connectors',
    charts: 'packages/charts',
    sql: 'packages/sql',
  },
  /** Tests may reach anywhere (fixtures, internals under test) and are left out of the cycle search. */
  testFiles: [/\.test\.tsx?$/, /^apps\/server\/test\//, /\/test-utils?\//, /\/__fixtures__\//],
  /**
   * Besides `index.ts` and `*.service.ts`, the files of a server module (relative to its folder) that other
   * modules may import. Adding a file here is a decision about the module's interface: keep lists short.
   */
  modulePublicFiles: {
    charts: ['chart-access.ts', 'chart-dict.ts'],
    dashboards: ['dashboard-access.ts', 'dashboard-copy-remap.ts'],
    databases: [
      'database-choices.ts',
      'drill-setting.ts',
      'humanize.ts',
      'query-slots.ts',
      'registry.ts',
      'schema-guard.ts',
    ],
    datasets: ['cached-explore-datasource.ts', 'dataset-access.ts', 'explore-datasource.ts'],
    queries: ['query-access.ts', 'query-dict.ts', 'query-lifecycle.ts'],
    security: [
      'access-pairs.ts',
      'grants.ts',
      'model-helpers.ts',
      'owners.ts',
      'principal-cache.ts',
      'principal.ts',
      'related-users.ts',
    ],
    sqllab: ['failure.ts', 'render.ts'],
  },
  /**
   * Temporary exemptions: files that are neither checked nor allowed to count as internals. Each entry
   * names why; the integrator removes it when the reason is gone.
   */
  allowList: [],
};
