import type { ExploreDatasource } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { findDatabase } from '../databases/databases.repo';
import { canAccessDatabase } from '../databases/databases.service';
import type { DatabaseRow } from '../databases/registry';
import { loadExploreDatasource } from '../datasets/explore-datasource';
import type { Principal } from '../security/principal';

export interface ChartDatasource {
  datasource: ExploreDatasource;
  database: DatabaseRow;
}

/**
 * The datasource of a query context (the dataset's semantic layer: columns, calculated columns,
 * metrics, cache timeout) and its database row, both readable by the caller, or 404.
 */
export async function loadChartDatasource(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<ChartDatasource> {
  const datasource = await loadExploreDatasource(ctx, principal, id);
  const database = await findDatabase(ctx.store.db, datasource.database.id);
  if (!database || !canAccessDatabase(principal, database)) throw notFound();
  return { datasource, database };
}
