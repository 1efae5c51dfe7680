import type { ExploreDatasource } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { MetadataDb } from '../../db/kysely';
import { findDatabase } from '../databases/databases.repo';
import type { DatabaseRow } from '../databases/registry';
import { exploreDatasourceGeneration } from './datasource-invalidation';
import { datasetColumns, datasetMetrics, datasetOwnerIds, findDatasetView } from './datasets.repo';
import { toExploreDatasource } from './explore-datasource';

/** A dataset's semantic layer with its database row and owners, before any per-caller access check. */
export interface CachedExploreDatasource {
  datasource: ExploreDatasource;
  database: DatabaseRow;
  ownerIds: readonly number[];
}

interface Entry {
  value: CachedExploreDatasource;
  stamp: string;
  generation: number;
  /** When the stamp last matched the store (Date.now()). */
  checkedAt: number;
}

const MAX_ENTRIES = 500;

/**
 * How long a checked entry is trusted without reading the stamp again. Only other processes' writes
 * wait for it (this process's writes invalidate at once), the same convergence as the principal cache;
 * it spares the stamp query, the dearest part of a cached chart data answer.
 */
export const STAMP_RECHECK_MS = 1000;

/**
 * The changed_on stamp catches writes of other processes; this process's writes also bump the
 * generation, which covers two writes landing in the same millisecond.
 */
const stores = new WeakMap<MetadataDb, Map<number, Entry>>();

/** The dataset's and its database's changed_on (every write to either bumps it), or null when gone. */
async function readStamp(db: MetadataDb, datasetId: number): Promise<string | null> {
  const row = await db
    .selectFrom('datasets')
    .innerJoin('databases', 'databases.id', 'datasets.database_id')
    .select(['datasets.changed_on as dataset_changed', 'databases.changed_on as database_changed'])
    .where('datasets.id', '=', datasetId)
    .executeTakeFirst();
  return row ? `${row.dataset_changed}|${row.database_changed}` : null;
}

async function readDatasource(ctx: AppContext, datasetId: number): Promise<CachedExploreDatasource | null> {
  const db = ctx.store.db;
  const view = await findDatasetView(db, datasetId);
  if (!view) return null;
  const database = await findDatabase(db, view.database_id);
  if (!database) return null;
  const ownerIds = await datasetOwnerIds(db, datasetId);
  const columns = await datasetColumns(db, datasetId);
  const metrics = await datasetMetrics(db, datasetId);
  const connector = ctx.databases.connectorFor(database);
  const datasource = toExploreDatasource({ view, database, connector, ownerIds }, columns, metrics);
  return { datasource, database, ownerIds };
}

/**
 * The chart data path's datasource, re-read only when the one-row stamp query (at most every
 * STAMP_RECHECK_MS) says the dataset or its database changed. Callers must still check the caller's
 * access on what comes back, and must not mutate it (it is shared by every request).
 */
export async function loadCachedExploreDatasource(
  ctx: AppContext,
  datasetId: number,
): Promise<CachedExploreDatasource | null> {
  const db = ctx.store.db;
  let entries = stores.get(db);
  const fresh = entries?.get(datasetId);
  if (fresh?.generation === exploreDatasourceGeneration() && Date.now() - fresh.checkedAt < STAMP_RECHECK_MS)
    return fresh.value;
  const readAt = exploreDatasourceGeneration();
  const stamp = await readStamp(db, datasetId);
  if (stamp === null) return null;
  const known = entries?.get(datasetId);
  if (known?.stamp === stamp && known.generation === exploreDatasourceGeneration()) {
    known.checkedAt = Date.now();
    return known.value;
  }
  const value = await readDatasource(ctx, datasetId);
  if (!value) return null;
  // Kept under the stamp read before the rows: a write in between makes the next stamp differ.
  if (readAt === exploreDatasourceGeneration()) {
    if (!entries) {
      entries = new Map();
      stores.set(db, entries);
    }
    entries.delete(datasetId);
    entries.set(datasetId, { value, stamp, generation: readAt, checkedAt: Date.now() });
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(oldest);
    }
  }
  return value;
}
