export { TimeRangeError } from './time-range-error';
export {
  TIME_UNITS,
  addUnits,
  lastDayOf,
  startOfDay,
  toTimeUnit,
  truncateToUnit,
  type TimeUnit,
} from './calendar';
export { parseHumanDatetime } from './human-datetime';
export { evaluateDatetimeExpression } from './datetime-expression';
export { parseTimeRange, type TimeRangeBounds, type TimeRangeOptions } from './parse-time-range';
export { TIME_SHIFT_OPTIONS, parseTimeShift, type TimeShift } from './time-shift';
export { truncateEpochToGrain, truncateToGrain } from './time-grain';
export { describeTimeRange, formatRangeBound, type TimeRangeDescription } from './describe-time-range';
