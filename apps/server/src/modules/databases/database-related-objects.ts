import type { DatabaseRelatedObjects } from '@tessera/contracts';
import type { MetadataDb } from '../../db/kysely';

/** GET /api/v1/database/{pk}/related_objects/: what still uses the database, as the delete dialog lists it. */
export async function databaseRelatedObjects(
  db: MetadataDb,
  databaseId: number,
): Promise<DatabaseRelatedObjects> {
  const [datasets, charts, dashboards, tabs] = await Promise.all([
    db
      .selectFrom('datasets')
      .select(['id', 'table_name', 'schema'])
      .where('database_id', '=', databaseId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('slices as s')
      .innerJoin('datasets as d', 'd.id', 's.datasource_id')
      .select(['s.id as id', 's.slice_name as slice_name', 's.viz_type as viz_type'])
      .where('s.datasource_type', '=', 'table')
      .where('d.database_id', '=', databaseId)
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('dashboards as b')
      .innerJoin('dashboard_slices as ds', 'ds.dashboard_id', 'b.id')
      .innerJoin('slices as s', 's.id', 'ds.slice_id')
      .innerJoin('datasets as d', 'd.id', 's.datasource_id')
      .select([
        'b.id as id',
        'b.dashboard_title as title',
        'b.slug as slug',
        'b.json_metadata as json_metadata',
      ])
      .where('s.datasource_type', '=', 'table')
      .where('d.database_id', '=', databaseId)
      .distinct()
      .orderBy('b.id')
      .execute(),
    db
      .selectFrom('tab_state')
      .select(['id', 'label', 'active'])
      .where('database_id', '=', databaseId)
      .orderBy('id')
      .execute(),
  ]);
  const sqllabTabs = tabs.map((tab) => ({ id: tab.id, label: tab.label, active: tab.active === 1 }));
  return {
    charts: { count: charts.length, result: charts },
    dashboards: { count: dashboards.length, result: dashboards },
    sqllab_tab_states: { count: sqllabTabs.length, result: sqllabTabs },
    datasets: { count: datasets.length, result: datasets },
  };
}
