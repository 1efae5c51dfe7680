import type { RootState } from '../../../app/store';
import { toApiError } from '../../../shared/errors/to-api-error';
import { sqlLabConf } from '../conf/sqllab-conf';

/** SQLLAB_BACKEND_PERSISTENCE from the bootstrap feature flags (on by default). */
export function backendPersistenceOn(state: RootState): boolean {
  return sqlLabConf(state.session.common?.conf, state.session.common?.feature_flags).backendPersistence;
}

/** HTTP status of a failed call; undefined when the server was not reached (network error, timeout). */
export function failureStatus(error: unknown): number | undefined {
  return toApiError(error)?.status;
}

/** What one sync pass saw: whether anything failed, and whether the server could not be reached. */
export interface SyncTracker {
  failed: boolean;
  unreachable: boolean;
}

export function newTracker(): SyncTracker {
  return { failed: false, unreachable: false };
}

export function noteFailure(tracker: SyncTracker, error: unknown): void {
  tracker.failed = true;
  if (failureStatus(error) === undefined) tracker.unreachable = true;
}
