import type { QueryState, SupersetError } from '@tessera/contracts';
import type { MetadataDb } from '../../db/kysely';
import { updateQuery, type QueryPatch } from './queries.repo';

/** States a run can still leave; stopped, failed, success and timed_out are final. */
export const UNFINISHED_STATES: readonly QueryState[] = [
  'pending',
  'running',
  'started',
  'scheduled',
  'fetching',
];
export const FINISHED_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];
/** States in which executing the same client id again returns the existing query (reference §2.2). */
export const REUSABLE_STATES: readonly QueryState[] = ['running', 'pending', 'timed_out'];

/**
 * Ends a run as failed or timed_out with its error (spec 000 §4: ignored once the query was
 * stopped, or already ended any other way). Returns whether the row changed.
 */
export function markFailed(
  db: MetadataDb,
  id: number,
  state: 'failed' | 'timed_out',
  error: SupersetError,
): Promise<boolean> {
  return updateQuery(
    db,
    id,
    {
      status: state,
      error_message: error.message,
      errors: JSON.stringify([error]),
      end_time: Date.now(),
    },
    UNFINISHED_STATES,
  );
}

/** A success only lands on a running query: a stop that came first wins (spec 000 §4). */
export function markSuccess(db: MetadataDb, id: number, patch: QueryPatch): Promise<boolean> {
  return updateQuery(
    db,
    id,
    { ...patch, status: 'success', progress: 100, end_time: Date.now(), error_message: null, errors: null },
    ['running'],
  );
}

export function markStopped(db: MetadataDb, id: number): Promise<boolean> {
  return updateQuery(db, id, { status: 'stopped', end_time: Date.now() }, UNFINISHED_STATES);
}

/** A worker takes a pending async query; false when it was stopped (or taken) meanwhile. */
export function markRunning(db: MetadataDb, id: number, workerId: string): Promise<boolean> {
  const now = Date.now();
  return updateQuery(
    db,
    id,
    { status: 'running', start_running_time: now, worker_id: workerId, heartbeat_at: now },
    ['pending'],
  );
}
