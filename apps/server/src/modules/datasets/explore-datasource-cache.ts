import type { ExploreDatasource } from '@tessera/contracts';
import { GenerationCache } from '../../platform/generation-cache';
import type { DatabaseRow } from '../databases/registry';

/** A dataset's semantic layer with its database row and owners, before any per-caller access check. */
export interface CachedExploreDatasource {
  datasource: ExploreDatasource;
  database: DatabaseRow;
  ownerIds: readonly number[];
}

export interface ExploreDatasourceEntry {
  value: CachedExploreDatasource;
  /** The dataset's and its database's changed_on when the value was read. */
  stamp: string;
  /** When the stamp last matched the store (Date.now()). */
  checkedAt: number;
}

const MAX_ENTRIES = 500;

/**
 * The app context's cache of the chart data path's datasources, by dataset id. The changed_on stamp
 * catches writes of other processes; this process's dataset and database writes call `invalidate()`,
 * which also covers two writes landing in the same millisecond.
 */
export class ExploreDatasourceCache extends GenerationCache<number, ExploreDatasourceEntry> {
  constructor() {
    super(MAX_ENTRIES);
  }
}
