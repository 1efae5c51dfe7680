import type { NativeFilter } from '@tessera/contracts';

/** Test helper: a select filter `NATIVE_FILTER-<name>` on column `<name>` of dataset 1, scoped to all. */
export const testFilter = (name: string, overrides: Partial<NativeFilter> = {}): NativeFilter => ({
  id: `NATIVE_FILTER-${name}`,
  type: 'NATIVE_FILTER',
  name,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name } }],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  ...overrides,
});
