import { describe, expect, it } from 'vitest';
import { humanizeSince } from './humanize';

describe('humanizeSince', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T11:59:50Z', 'a few seconds ago'],
    ['2026-01-10T11:59:00Z', 'a minute ago'],
    ['2026-01-10T11:57:00Z', '3 minutes ago'],
    ['2026-01-10T11:00:00Z', 'an hour ago'],
    ['2026-01-08T12:00:00Z', '2 days ago'],
    ['2025-01-10T12:00:00Z', 'a year ago'],
  ])('%s -> %s', (iso, expected) => {
    expect(humanizeSince(iso, now)).toBe(expected);
  });
});
