import { NO_TIME_RANGE } from '@tessera/contracts';

export const LAST_RANGES = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'] as const;
export const PREVIOUS_RANGES = [
  'previous calendar week',
  'previous calendar month',
  'previous calendar year',
] as const;

export type TimeRangeKind = 'none' | 'last' | 'previous' | 'custom' | 'advanced';

/** Which editor tab a time range string belongs to. */
export function timeRangeKind(value: string): TimeRangeKind {
  if (value === '' || value === NO_TIME_RANGE) return 'none';
  if ((LAST_RANGES as readonly string[]).includes(value)) return 'last';
  if ((PREVIOUS_RANGES as readonly string[]).includes(value)) return 'previous';
  const [since, until] = splitRange(value);
  const dateOrEmpty = /^(\d{4}-\d{2}-\d{2}(T[\d:.]+)?)?$/;
  return dateOrEmpty.test(since.trim()) && dateOrEmpty.test(until.trim()) ? 'custom' : 'advanced';
}

/** `since : until` (reference §5.2 time_range); either side may be empty. */
export function splitRange(value: string): [string, string] {
  const index = value.indexOf(' : ');
  if (index < 0) return [value, ''];
  return [value.slice(0, index), value.slice(index + 3)];
}

export function joinRange(since: string, until: string): string {
  return `${since.trim()} : ${until.trim()}`;
}
