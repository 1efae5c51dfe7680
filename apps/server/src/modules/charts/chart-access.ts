import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import { findDatabase } from '../databases/databases.service';
import { readableDatasetCondition } from '../security/grants';
import { canSeeAllDatasets, canSeeDataset } from '../datasets/dataset-access';
import { datasetOwnerIds, findDatasetView, type DatasetView } from '../datasets/datasets.service';
import type { Principal } from '../security/principal';
import { chartOwnerIds, findChart, type ChartRow } from './charts.repo';

/** Datasource types that name a dataset row; the others have no backing store yet. */
export const DATASET_DATASOURCE_TYPES: readonly string[] = ['table', 'dataset'];

/**
 * The dataset behind a datasource reference and whether the caller may read it: they see the dataset
 * (grants or ownership, as loadReadableDataset decides).
 */
export async function readableDataset(
  ctx: AppContext,
  principal: Principal,
  datasourceId: number,
  datasourceType: string,
): Promise<{ dataset: DatasetView | undefined; readable: boolean }> {
  if (!DATASET_DATASOURCE_TYPES.includes(datasourceType)) return { dataset: undefined, readable: false };
  const dataset = await findDatasetView(ctx.store.db, datasourceId);
  if (!dataset) return { dataset, readable: false };
  const database = await findDatabase(ctx.store.db, dataset.database_id);
  if (!database) return { dataset, readable: false };
  const ownerIds = await datasetOwnerIds(ctx.store.db, dataset.id);
  return { dataset, readable: canSeeDataset(principal, database, dataset, ownerIds) };
}

/**
 * Like Superset's ChartFilter: a chart is visible when its datasource is readable. Charts whose
 * dataset is gone stay visible to those who read every dataset, so they can be cleaned up.
 */
export async function canSeeChart(ctx: AppContext, principal: Principal, chart: ChartRow): Promise<boolean> {
  if (canSeeAllDatasets(principal)) return true;
  return (await readableDataset(ctx, principal, chart.datasource_id, chart.datasource_type)).readable;
}

/**
 * The SQL form of canSeeChart over `slices as s`: a table datasource the caller reads (grants.ts).
 */
export function chartVisibilityCondition(principal: Principal): Expression<SqlBool> | null {
  const readable = readableDatasetCondition(principal, 's.datasource_id');
  if (readable === null) return null;
  return sql<SqlBool>`(s.datasource_type = 'table' and ${readable})`;
}

/** A chart the caller may see, or 404 as if it did not exist. */
export async function visibleChart(ctx: AppContext, principal: Principal, id: number): Promise<ChartRow> {
  const chart = await findChart(ctx.store.db, id);
  if (!chart || !(await canSeeChart(ctx, principal, chart))) throw notFound();
  return chart;
}

/** Spec 001 §6 can_overwrite: owners and Admin change a chart. */
export async function canChangeChart(
  ctx: AppContext,
  principal: Principal,
  chartId: number,
): Promise<boolean> {
  if (principal.isAdmin) return true;
  return (await chartOwnerIds(ctx.store.db, chartId)).includes(principal.user.id);
}

/** A visible chart the caller may change: 404 when invisible, 403 `Forbidden` when not an owner. */
export async function changeableChart(ctx: AppContext, principal: Principal, id: number): Promise<ChartRow> {
  const chart = await visibleChart(ctx, principal, id);
  if (!(await canChangeChart(ctx, principal, id))) throw forbidden();
  return chart;
}
