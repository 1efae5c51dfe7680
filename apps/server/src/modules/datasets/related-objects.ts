import type { DatasetRelatedObjects } from '@tessera/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { MetadataDb } from '../../db/kysely';

type RelatedChart = DatasetRelatedObjects['charts']['result'][number];
type RelatedDashboard = DatasetRelatedObjects['dashboards']['result'][number];

async function hasTables(db: MetadataDb, names: string[]): Promise<boolean> {
  const tables = await db.introspection.getTables();
  const present = new Set(tables.map((table) => table.name));
  return names.every((name) => present.has(name));
}

const chartRow = z.object({ id: z.coerce.number().int(), slice_name: z.string(), viz_type: z.string() });
const dashboardRow = z.object({
  id: z.coerce.number().int(),
  title: z.string(),
  json_metadata: z.string().nullable(),
});

/*
 * INTEGRATION POINT (lead): `slices`, `dashboards` and `dashboard_slices` come from the charts
 * branch (migration 0009). Until they are merged these queries are skipped and the counts are 0.
 * Once merged, relatedCharts/relatedDashboards can move to typed Kysely queries on those tables.
 */

/** Charts built on the dataset (Superset's `slices` with datasource_type 'table'). */
export async function relatedCharts(db: MetadataDb, datasetId: number): Promise<RelatedChart[]> {
  if (!(await hasTables(db, ['slices']))) return [];
  const result = await sql`select id, slice_name, viz_type from slices
    where datasource_id = ${datasetId} and datasource_type = 'table' order by id`.execute(db);
  return z.array(chartRow).parse(result.rows);
}

/** Dashboards holding at least one chart on the dataset. */
export async function relatedDashboards(db: MetadataDb, datasetId: number): Promise<RelatedDashboard[]> {
  if (!(await hasTables(db, ['slices', 'dashboards', 'dashboard_slices']))) return [];
  const result =
    await sql`select distinct d.id as id, d.dashboard_title as title, d.json_metadata as json_metadata
    from dashboards d
    join dashboard_slices ds on ds.dashboard_id = d.id
    join slices s on s.id = ds.slice_id
    where s.datasource_id = ${datasetId} and s.datasource_type = 'table'
    order by d.id`.execute(db);
  return z.array(dashboardRow).parse(result.rows);
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
