import type { ExecuteResult } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { sip40Error } from '../../platform/errors';
import { findDatabase } from '../databases/databases.service';
import { canAccessDatabase } from '../databases/databases.service';
import { canSeeQuery } from '../queries/query-access';
import { findQueryByResultsKey } from '../queries/queries.service';
import type { Principal } from '../security/principal';
import { queryDictOf } from './execute.service';
import { resultPayload } from './payload';
import { PayloadMeter, payloadCapBytes, resultTooLarge } from './payload-cap';
import { UnreadableResults, type StoredResults } from './results/stored-results';
import type { SqlLabRuntime } from './runtime-types';

/**
 * GET /api/v1/sqllab/results/ (reference §2.3): the stored rows of the caller's query, cut to
 * `rows` when given. 404 when no query owns the key or the data cannot be read, 410 once expired.
 */
export async function fetchResults(
  ctx: AppContext,
  rt: SqlLabRuntime,
  principal: Principal,
  key: string,
  rows: number | undefined,
): Promise<ExecuteResult> {
  const query = await findQueryByResultsKey(ctx.store.db, key);
  const database = query ? await findDatabase(ctx.store.db, query.database_id) : undefined;
  // Results outlive grants: a caller who lost the database no longer reads what it returned.
  if (!query || !canSeeQuery(principal, query) || !database || !canAccessDatabase(principal, database))
    throw sip40Error(
      404,
      'RESULTS_BACKEND_ERROR',
      'The query associated with these results could not be found. You need to re-run the original query.',
    );
  let stored: StoredResults | null;
  try {
    stored = await rt.results.get(key);
  } catch (error) {
    if (!(error instanceof UnreadableResults)) throw error;
    throw sip40Error(
      404,
      'RESULTS_BACKEND_ERROR',
      'The results stored for this query can no longer be read. You need to re-run the original query.',
    );
  }
  if (stored === null)
    throw sip40Error(
      410,
      'RESULTS_BACKEND_ERROR',
      'Data could not be retrieved from the results backend. You need to re-run the original query.',
    );
  const shown = rows !== undefined && stored.rows.length > rows ? stored.rows.slice(0, rows) : stored.rows;
  const capBytes = payloadCapBytes(ctx.config.constants);
  const capMb = ctx.config.constants.SQLLAB_PAYLOAD_MAX_MB;
  if (capBytes !== null && capMb !== null) {
    // Stored under a higher cap (or none): the caller may still ask for fewer rows.
    const meter = new PayloadMeter(stored.columns);
    meter.add(shown, Number.POSITIVE_INFINITY);
    if (meter.bytes > capBytes) throw resultTooLarge(meter.bytes, capMb, true).toApiError();
  }
  return resultPayload(await queryDictOf(ctx, query.id), stored.columns, stored.rows, rows ?? null);
}
