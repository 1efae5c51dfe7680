import { NO_TIME_RANGE } from '@tessera/contracts';
import { describeTimeRange } from '@tessera/core';

export const LAST_RANGES = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'] as const;
export const PREVIOUS_RANGES = [
  'previous calendar week',
  'previous calendar month',
  'previous calendar quarter',
  'previous calendar year',
] as const;
export const CURRENT_RANGES = [
  'Current day',
  'Current week',
  'Current month',
  'Current quarter',
  'Current year',
] as const;

export const TIME_RANGE_KINDS = ['none', 'last', 'previous', 'current', 'custom', 'advanced'] as const;
export type TimeRangeKind = (typeof TIME_RANGE_KINDS)[number];

/** The preset ranges a kind offers as radio buttons (empty for the kinds edited as text or dates). */
export function presetRanges(kind: TimeRangeKind): readonly string[] {
  if (kind === 'last') return LAST_RANGES;
  if (kind === 'previous') return PREVIOUS_RANGES;
  if (kind === 'current') return CURRENT_RANGES;
  return [];
}

export const RELATIVE_UNITS = [
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number];

/**
 * One side of a custom range (Superset's 'Specific Date/Time', 'Relative Date/Time', 'Now', 'Midnight'),
 * or open. Each reads and writes a form the core time-range parser accepts.
 */
export type CustomSide =
  | { mode: 'specific'; date: string }
  | { mode: 'relative'; amount: number; unit: RelativeUnit; direction: 'ago' | 'later' }
  | { mode: 'now' }
  | { mode: 'today' }
  | { mode: 'open' };

export type CustomSideMode = CustomSide['mode'];

const SPECIFIC = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;
const RELATIVE = /^(\d+) (second|minute|hour|day|week|month|quarter|year)s? (ago|later)$/;

export function parseCustomSide(text: string): CustomSide | null {
  const trimmed = text.trim();
  if (trimmed === '') return { mode: 'open' };
  if (trimmed === 'now') return { mode: 'now' };
  if (trimmed === 'today') return { mode: 'today' };
  if (SPECIFIC.test(trimmed)) return { mode: 'specific', date: trimmed };
  const relative = RELATIVE.exec(trimmed);
  const unit = RELATIVE_UNITS.find((candidate) => candidate === relative?.[2]);
  if (relative && unit)
    return {
      mode: 'relative',
      amount: Number(relative[1]),
      unit,
      direction: relative[3] === 'later' ? 'later' : 'ago',
    };
  return null;
}

export function customSideText(side: CustomSide): string {
  switch (side.mode) {
    case 'specific':
      return side.date;
    case 'relative':
      return `${side.amount} ${side.unit}${side.amount === 1 ? '' : 's'} ${side.direction}`;
    case 'now':
      return 'now';
    case 'today':
      return 'today';
    case 'open':
      return '';
  }
}

/** A fresh side when the user picks another mode. */
export function defaultCustomSide(mode: CustomSideMode, today: string): CustomSide {
  switch (mode) {
    case 'specific':
      return { mode, date: today };
    case 'relative':
      return { mode, amount: 7, unit: 'day', direction: 'ago' };
    default:
      return { mode };
  }
}

/** Which editor tab a time range string belongs to. */
export function timeRangeKind(value: string): TimeRangeKind {
  if (value.trim() === '' || value === NO_TIME_RANGE) return 'none';
  for (const kind of ['last', 'previous', 'current'] as const) {
    if (presetRanges(kind).includes(value)) return kind;
  }
  if (!value.includes(' : ')) return 'advanced';
  const [since, until] = splitRange(value);
  return parseCustomSide(since) !== null && parseCustomSide(until) !== null ? 'custom' : 'advanced';
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

/** The range a kind starts from when the user switches to it, keeping the draft when it already fits. */
export function rangeForKind(kind: TimeRangeKind, draft: string): string {
  if (kind === 'none') return NO_TIME_RANGE;
  const presets = presetRanges(kind);
  if (presets.length > 0)
    return presets.includes(draft) ? draft : (presets[kind === 'last' ? 1 : 0] ?? draft);
  if (kind === 'custom') return timeRangeKind(draft) === 'custom' ? draft : joinRange('today', 'now');
  // Advanced starts from whatever the user had, written out as since : until.
  if (!draft.includes(' : ')) return joinRange('', '');
  return draft;
}

/** Whether a range can be applied: the parser reads it (the editor shows why not otherwise). */
export function isValidTimeRange(value: string): boolean {
  return describeTimeRange(value, '', new Date()).ok;
}
