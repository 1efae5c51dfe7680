import { buildSupersetError } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { runKeyOf } from './query-job';
import { markFailed } from '../queries/query-lifecycle';
import type { SqlLabRuntime } from './runtime-types';

/** How long past its time limit a sync query may still look running before it is called orphaned. */
const SYNC_GRACE_MS = 60_000;

const workerLost = () =>
  buildSupersetError(
    'ASYNC_WORKERS_ERROR',
    'The worker running this query stopped responding (it may have crashed or been restarted). Run the query again.',
  );
const jobLost = () =>
  buildSupersetError(
    'ASYNC_WORKERS_ERROR',
    'The query was lost before a worker could run it (the queue or the worker went away). Run the query again.',
  );
const neverPicked = (seconds: number) =>
  buildSupersetError(
    'SQLLAB_TIMEOUT_ERROR',
    `No worker started the query within ${seconds} seconds. The workers might be down or too busy.`,
    { timeout: seconds },
  );
const serverLost = () =>
  buildSupersetError(
    'GENERIC_BACKEND_ERROR',
    'The server running this query stopped before the query finished. Run the query again.',
  );

/**
 * Ends queries that nothing runs any more, so none stays running or pending forever (a worker
 * killed mid-query, a restart, a lost job). Runs at worker start and periodically in every process;
 * each update is conditional, so concurrent sweeps and a late worker cannot fight.
 */
export async function sweepOrphans(ctx: AppContext, rt: SqlLabRuntime): Promise<number> {
  const db = ctx.store.db;
  const now = Date.now();
  const { SQLLAB_TIMEOUT, SQLLAB_ASYNC_TIME_LIMIT_SEC } = ctx.config.constants;
  let ended = 0;
  const end = async (id: number, state: 'failed' | 'timed_out', error: ReturnType<typeof workerLost>) => {
    if (rt.running.has(id)) return;
    if (await markFailed(db, id, state, error)) ended += 1;
  };

  const staleAsync = await db
    .selectFrom('queries')
    .select('id')
    .where('run_async', '=', 1)
    .where('status', '=', 'running')
    .where((eb) =>
      eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', now - rt.timings.heartbeatStaleMs)]),
    )
    .execute();
  for (const { id } of staleAsync) await end(id, 'failed', workerLost());

  const pending = await db
    .selectFrom('queries')
    .select(['id', 'start_time'])
    .where('run_async', '=', 1)
    .where('status', '=', 'pending')
    .where('start_time', '<', now - rt.timings.pendingGraceMs)
    .execute();
  for (const { id, start_time: started } of pending) {
    if (!(await rt.queue.isQueued({ queryId: id, runKey: runKeyOf(id, started) })))
      await end(id, 'failed', jobLost());
    else if (started !== null && started < now - SQLLAB_ASYNC_TIME_LIMIT_SEC * 1000)
      await end(id, 'timed_out', neverPicked(SQLLAB_ASYNC_TIME_LIMIT_SEC));
  }

  const staleSync = await db
    .selectFrom('queries')
    .select('id')
    .where('run_async', '=', 0)
    .where('status', 'in', ['running', 'pending'])
    .where('start_time', '<', now - SQLLAB_TIMEOUT * 1000 - SYNC_GRACE_MS)
    .execute();
  for (const { id } of staleSync) await end(id, 'failed', serverLost());
  return ended;
}
