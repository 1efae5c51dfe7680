import { NO_TIME_RANGE } from '@tessera/contracts';
import type { ExploreFormData } from './form-data';

export const DEFAULT_VIZ_TYPE = 'table';
/** The server's DEFAULT_TIME_FILTER default (spec 001 §9 'Default time range'). */
export const DEFAULT_TIME_FILTER = NO_TIME_RANGE;

export interface FormDataDefaultsOptions {
  /** DEFAULT_TIME_FILTER from the bootstrap conf, when the server sets one. */
  defaultTimeFilter?: string;
  /** The viz type to use when none is given (DEFAULT_VIZ_TYPE otherwise). */
  defaultVizType?: string;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * Spec 001 §5 'Chart form data': a missing viz type becomes the default (table), a missing time range
 * the default time filter, and with `include_time` the time column leads the groupby (a raw table
 * shows its time column first). Returns a new object; the input is untouched.
 */
export function applyFormDataDefaults(
  formData: ExploreFormData,
  options: FormDataDefaultsOptions = {},
): ExploreFormData {
  const result: ExploreFormData = { ...formData };
  if (isBlank(result.viz_type)) result.viz_type = options.defaultVizType ?? DEFAULT_VIZ_TYPE;
  if (isBlank(result.time_range)) result.time_range = options.defaultTimeFilter ?? DEFAULT_TIME_FILTER;
  const timeColumn = result.granularity_sqla;
  if (result.include_time === true && typeof timeColumn === 'string' && timeColumn !== '') {
    const groupby: unknown[] = Array.isArray(result.groupby) ? result.groupby : [];
    result.groupby = [timeColumn, ...groupby.filter((column) => column !== timeColumn)];
    // The column now lives in groupby; keeping the flag would move it again on the next load.
    result.include_time = false;
  }
  return result;
}
