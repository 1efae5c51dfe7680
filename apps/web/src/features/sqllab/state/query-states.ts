import { ACTIVE_QUERY_STATES, FINISHED_QUERY_STATES, type QueryState } from '@tessera/contracts';

/** The query is still under way: running, started, pending, fetching or scheduled. */
export function isActiveState(state: QueryState): boolean {
  return ACTIVE_QUERY_STATES.includes(state);
}

/** The query is over: stopped, failed, success or timed out. */
export function isFinishedState(state: QueryState): boolean {
  return FINISHED_QUERY_STATES.includes(state);
}

export type StatusBadgeColor = 'danger' | 'info' | 'warning' | 'success';
export type BadgeStatus = QueryState | 'offline';

/** Colours of the status badges (spec 000 §4); the spec names no colour for the other states. */
export const STATUS_BADGE_COLORS = {
  offline: 'danger',
  failed: 'danger',
  stopped: 'danger',
  pending: 'info',
  fetching: 'info',
  running: 'warning',
  success: 'success',
} as const satisfies Partial<Record<BadgeStatus, StatusBadgeColor>>;

export function statusBadgeColor(status: BadgeStatus): StatusBadgeColor | null {
  const colors: Partial<Record<BadgeStatus, StatusBadgeColor>> = STATUS_BADGE_COLORS;
  return colors[status] ?? null;
}
