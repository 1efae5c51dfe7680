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

/**
 * What one sync pass saw: whether any call failed (the server, reachable or not, lacks part of this
 * window's state) and whether a tab's state could not be stored (its edits are not on the server).
 */
export interface SyncTracker {
  failed: boolean;
  saveFailed: boolean;
}

export function newTracker(): SyncTracker {
  return { failed: false, saveFailed: false };
}

export function noteFailure(tracker: SyncTracker): void {
  tracker.failed = true;
}

/** A tab's PUT failed: its edits stay local until a later pass stores them. */
export function noteSaveFailure(tracker: SyncTracker): void {
  tracker.failed = true;
  tracker.saveFailed = true;
}
