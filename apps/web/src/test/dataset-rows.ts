import type { DatasetListItem } from '@tessera/contracts';

/** A `GET /api/v1/dataset/` row named `table_<id, 3 digits>` unless named, for pickers' tests. */
export function datasetRow(id: number, name = `table_${String(id).padStart(3, '0')}`): DatasetListItem {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    table_name: name,
    database: { id: 1, database_name: 'examples' },
    catalog: null,
    schema: 'main',
    sql: null,
    kind: 'physical',
    explore_url: `/explore/?datasource_type=table&datasource_id=${String(id)}`,
    owners: [],
    created_by: null,
    changed_by: null,
    changed_by_name: '',
    changed_on_utc: '2026-01-01T00:00:00.000Z',
    changed_on_delta_humanized: 'a day ago',
  };
}
