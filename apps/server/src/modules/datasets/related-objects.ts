import type { DatasetRelatedObjects } from '@tessera/contracts';
import type { MetadataDb } from '../../db/kysely';

type RelatedChart = DatasetRelatedObjects['charts']['result'][number];
type RelatedDashboard = DatasetRelatedObjects['dashboards']['result'][number];

/** Charts built on the dataset (Superset's `slices` with datasource_type 'table'). */
export async function relatedCharts(db: MetadataDb, datasetId: number): Promise<RelatedChart[]> {
  return db
    .selectFrom('slices')
    .select(['id', 'slice_name', 'viz_type'])
    .where('datasource_id', '=', datasetId)
    .where('datasource_type', '=', 'table')
    .orderBy('id')
    .execute();
}

/** Dashboards holding at least one chart on the dataset. */
export async function relatedDashboards(db: MetadataDb, datasetId: number): Promise<RelatedDashboard[]> {
  return db
    .selectFrom('dashboards as d')
    .innerJoin('dashboard_slices as ds', 'ds.dashboard_id', 'd.id')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .select(['d.id as id', 'd.dashboard_title as title', 'd.json_metadata as json_metadata'])
    .where('s.datasource_id', '=', datasetId)
    .where('s.datasource_type', '=', 'table')
    .distinct()
    .orderBy('d.id')
    .execute();
}

/** GET /api/v1/dataset/{pk}/related_objects */
export async function relatedObjects(db: MetadataDb, datasetId: number): Promise<DatasetRelatedObjects> {
  const [charts, dashboards] = await Promise.all([
    relatedCharts(db, datasetId),
    relatedDashboards(db, datasetId),
  ]);
  return {
    charts: { count: charts.length, result: charts },
    dashboards: { count: dashboards.length, result: dashboards },
  };
}
