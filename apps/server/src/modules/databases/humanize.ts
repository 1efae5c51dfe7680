const UNITS: [limitSeconds: number, unitSeconds: number, name: string][] = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [30 * 86_400, 86_400, 'day'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'year'],
];

/** "a few seconds ago", "3 minutes ago", "2 days ago" — the *_delta_humanized columns of list APIs. */
export function humanizeSince(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return 'a few seconds ago';
  for (const [limit, unit, name] of UNITS) {
    if (seconds < limit) {
      const count = Math.max(1, Math.round(seconds / unit));
      return count === 1 ? `a ${name} ago`.replace('a hour', 'an hour') : `${count} ${name}s ago`;
    }
  }
  return 'long ago';
}
