import type { ChartParams } from './temporal-fields';

/**
 * Control values saved under an older name, with the spec's name for each (spec 001 §9): charts saved
 * by Superset's ECharts time series (and Tessera before the spec's list) stored the difference
 * comparison as 'difference'; the spec's comparison values are values, absolute, percentage, ratio.
 */
const RENAMED_VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  comparison_type: { difference: 'absolute' },
};

/** The params with every renamed control value under its spec name; the same object when none is. */
export function upgradeControlValues(params: ChartParams): ChartParams {
  let next = params;
  for (const [control, renames] of Object.entries(RENAMED_VALUES)) {
    const value = params[control];
    if (typeof value !== 'string') continue;
    const renamed = renames[value];
    if (renamed === undefined) continue;
    if (next === params) next = { ...params };
    next[control] = renamed;
  }
  return next;
}
