import { addUnits, requireTimeUnit, type TimeUnit } from './calendar';
import { TimeRangeError } from './time-range-error';

/** A time comparison offset such as '1 year ago' (spec 001 §9 'Time shift'). */
export interface TimeShift {
  /** The offset as the client wrote it; Superset names shifted metric columns `<metric>__<label>`. */
  label: string;
  /** Signed: '1 year ago' is -1 year, '2 weeks later' is +2 weeks. */
  amount: number;
  unit: TimeUnit;
  /** Moves a time by the offset (a query's range into the compared range). */
  apply(date: Date): Date;
  /** Moves a time back by the offset (shifted rows onto the original time axis). */
  revert(date: Date): Date;
}

/** The choices the Explore control offers. */
export const TIME_SHIFT_OPTIONS = [
  '1 day ago',
  '1 week ago',
  '28 days ago',
  '30 days ago',
  '52 weeks ago',
  '1 year ago',
  '104 weeks ago',
  '2 years ago',
  '156 weeks ago',
  '3 years ago',
] as const;

const SHIFT = /^(\d+)\s+([a-z]+)\s+(ago|before|later|after|from now)$/i;

/** Parses 'N unit(s) ago|before|later|after'; months and years clamp to the month end like DATEADD. */
export function parseTimeShift(text: string): TimeShift {
  const label = text.trim();
  const match = SHIFT.exec(label);
  if (!match) {
    throw new TimeRangeError(`Invalid time shift "${label}": use "<number> <unit> ago", e.g. "1 year ago"`);
  }
  const [, count = '0', unitText = '', direction = ''] = match;
  const unit = requireTimeUnit(unitText);
  const sign = ['ago', 'before'].includes(direction.toLowerCase()) ? -1 : 1;
  const amount = sign * Number(count);
  return {
    label,
    amount,
    unit,
    apply: (date) => addUnits(date, amount, unit),
    revert: (date) => addUnits(date, -amount, unit),
  };
}
