import { buildSupersetError } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { findDatabase } from '../databases/databases.service';
import { markFailed, markRunning } from '../queries/query-lifecycle';
import { findQuery, queryStatus, touchHeartbeat, updateQuery } from '../queries/queries.service';
import { executeQuery } from './execute-query';
import { QueryFailure } from './failure';
import { replan } from './planning';
import type { SqlLabRuntime } from './runtime-types';

/**
 * Runs one queued query on this process (a `tessera worker`, or the web process without Redis):
 * pending → running, heartbeats while it runs (which also notice a stop), progress per statement,
 * results to the results backend, then success / failed / timed_out. A query that is no longer
 * pending (stopped, or already taken) is left alone, so a redelivered job never runs twice.
 */
export async function runQueryJob(ctx: AppContext, rt: SqlLabRuntime, queryId: number): Promise<void> {
  const db = ctx.store.db;
  const query = await findQuery(db, queryId);
  if (query?.status !== 'pending') return;
  const database = await findDatabase(db, query.database_id);
  if (!database) {
    await markFailed(
      db,
      queryId,
      'failed',
      buildSupersetError('DATABASE_NOT_FOUND_ERROR', 'The database of this query no longer exists.'),
    );
    return;
  }
  if (!(await markRunning(db, queryId, rt.workerId))) return;
  const engine = ctx.databases.connectorFor(database).engine;
  let plan;
  try {
    plan = replan(ctx.config, query, database, engine);
  } catch (error) {
    if (!(error instanceof QueryFailure)) throw error;
    await markFailed(db, queryId, error.state, error.error);
    return;
  }

  const heartbeat = setInterval(() => {
    void touchHeartbeat(db, queryId, rt.workerId)
      .then((alive) => {
        if (!alive) rt.running.cancel(queryId, 'stopped');
      })
      .catch(() => undefined);
  }, rt.timings.heartbeatMs);
  try {
    await executeQuery(ctx, rt, { query, database, plan, mode: 'async' }, async (index, count) => {
      // A stop that landed before this run was registered is caught here, between statements.
      if ((await queryStatus(db, queryId)) !== 'running') {
        rt.running.cancel(queryId, 'stopped');
        return;
      }
      if (count > 1)
        await updateQuery(db, queryId, { progress: Math.floor((100 * index) / count) }, ['running']);
    });
  } finally {
    clearInterval(heartbeat);
  }
}
