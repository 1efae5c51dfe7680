import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { canSeeAllQueries } from './query-access';
import { FINISHED_STATES, markStopped } from './query-lifecycle';
import { findAnyQueryByClientId, findQueryByClientId } from './queries.repo';

/** Whatever can stop a query where it runs (this process, or others through Redis). */
export interface QueryCanceller {
  requestCancel(queryId: number): Promise<void>;
}

/**
 * POST /api/v1/query/stop (reference §2.4): the row becomes stopped with its end time, then the
 * engine statement is cancelled wherever it runs. Finished queries are left as they are.
 */
export async function stopQuery(
  ctx: AppContext,
  canceller: QueryCanceller,
  principal: Principal,
  clientId: string,
): Promise<void> {
  const db = ctx.store.db;
  const query =
    (await findQueryByClientId(db, principal.user.id, clientId)) ??
    (canSeeAllQueries(principal) ? await findAnyQueryByClientId(db, clientId) : undefined);
  if (!query) throw messageError(404, `Query with client_id ${clientId} not found`);
  if ((FINISHED_STATES as readonly string[]).includes(query.status)) return;
  await markStopped(db, query.id);
  await canceller.requestCancel(query.id);
}
