import type { ApiError } from '../../../shared/api/api-request';

export type DashboardChoice =
  { kind: 'none' } | { kind: 'existing'; id: number; title: string } | { kind: 'new'; title: string };

/** Spec 001 §8 'Save successes', in the order Superset shows them. */
export function saveSuccessMessages(
  action: 'overwrite' | 'saveas',
  sliceName: string,
  dashboard: DashboardChoice,
): string[] {
  const messages = [
    action === 'overwrite'
      ? `Chart [${sliceName}] has been overwritten`
      : `Chart [${sliceName}] has been saved`,
  ];
  if (dashboard.kind === 'new')
    messages.push(`Dashboard [${dashboard.title}] just got created and chart [${sliceName}] was added to it`);
  if (dashboard.kind === 'existing')
    messages.push(`Chart [${sliceName}] was added to dashboard [${dashboard.title}]`);
  return messages;
}

/** Spec 001 §6: a 403 on save names what may not be edited; anything else is 'Failed to save slice'. */
export function saveFailureMessage(error: Pick<ApiError, 'status'> | null | undefined): string {
  return error?.status === 403 ? 'You do not have permission to edit this chart' : 'Failed to save slice';
}

/** The save dialog's alert when the dashboards cannot be listed (spec 001 §8: it names the user id). */
export function dashboardsLoadFailedMessage(userId: number | null): string {
  return `Fetching dashboards failed for user ${userId === null ? 'unknown' : String(userId)}`;
}
