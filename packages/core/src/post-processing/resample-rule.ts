import { addUnits, isoWeekday, startOfDay, truncateToUnit } from '../time-range/calendar';
import { PostProcessingError } from './post-processing-error';

/**
 * A pandas offset alias as resample receives it ('1T', '1H', '1D', '7D', 'W', '1M', 'MS', 'Q', '1AS' …),
 * turned into the bin labels pandas uses:
 *  - fixed steps (S, T/min, H, D and multiples) start at midnight of the first day; bins are [label, next);
 *  - period ends (W = W-SUN, W-MON…, M, Q, A/Y) label a bin by its last day; bins are (previous, label];
 *  - period starts (MS, QS, AS/YS) label a bin by its first day; bins are [label, next).
 */
export interface ResampleRule {
  /** The first label at or after `ms` (ends) or the label of the bin holding `ms` (fixed steps, starts). */
  labelOf(ms: number, origin: number): number;
  next(label: number): number;
  /** left: a bin holds [label, next); right: it holds the days after the previous label up to the label's day. */
  closed: 'left' | 'right';
}

const TICKS: Record<string, number> = { S: 1000, T: 60_000, MIN: 60_000, H: 3_600_000, D: 86_400_000 };
const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

export function parseResampleRule(rule: string): ResampleRule {
  const match = /^(\d*)\s*([A-Za-z]+)(?:-([A-Za-z]{3}))?$/.exec(rule.trim());
  const invalid = new PostProcessingError(`Invalid resample rule: ${rule}`);
  if (!match) throw invalid;
  const multiple = match[1] ? Number(match[1]) : 1;
  const alias = (match[2] ?? '').toUpperCase();
  const anchor = match[3]?.toUpperCase();
  if (multiple < 1) throw invalid;
  const tick = TICKS[alias];
  if (tick !== undefined && anchor === undefined) {
    const step = tick * multiple;
    return {
      labelOf: (ms, origin) => origin + Math.floor((ms - origin) / step) * step,
      next: (label) => label + step,
      closed: 'left',
    };
  }
  if (alias === 'W') {
    const weekday = WEEKDAYS.indexOf(anchor ?? 'SUN');
    if (weekday < 0) throw invalid;
    return {
      labelOf: (ms) => {
        const day = startOfDay(new Date(ms));
        return addUnits(day, (weekday - isoWeekday(day) + 7) % 7, 'day').getTime();
      },
      next: (label) => label + 7 * multiple * 86_400_000,
      closed: 'right',
    };
  }
  const unit =
    { M: 'month', ME: 'month', MS: 'month', Q: 'quarter', QE: 'quarter', QS: 'quarter' }[alias] ??
    ({ A: 'year', Y: 'year', YE: 'year', AS: 'year', YS: 'year' } as Record<string, string>)[alias];
  if (
    (unit !== 'month' && unit !== 'quarter' && unit !== 'year') ||
    (anchor !== undefined && anchor !== 'DEC' && anchor !== 'JAN')
  ) {
    throw invalid;
  }
  if (alias.endsWith('S')) {
    return {
      labelOf: (ms) => truncateToUnit(new Date(ms), unit).getTime(),
      next: (label) => addUnits(new Date(label), multiple, unit).getTime(),
      closed: 'left',
    };
  }
  const periodEnd = (date: Date): Date => addUnits(addUnits(truncateToUnit(date, unit), 1, unit), -1, 'day');
  return {
    labelOf: (ms) => periodEnd(new Date(ms)).getTime(),
    next: (label) => periodEnd(addUnits(addUnits(new Date(label), 1, 'day'), multiple - 1, unit)).getTime(),
    closed: 'right',
  };
}
