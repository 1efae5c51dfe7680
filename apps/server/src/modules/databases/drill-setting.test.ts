import { describe, expect, it } from 'vitest';
import { drillToDetailDisabled } from './drill-setting';

describe('drillToDetailDisabled', () => {
  it('reads extra.disable_drill_to_detail', () => {
    expect(drillToDetailDisabled('{"disable_drill_to_detail": true}')).toBe(true);
    expect(drillToDetailDisabled('{"disable_drill_to_detail": false, "engine_params": {}}')).toBe(false);
  });

  it('is false when extra says nothing, is not JSON or has another shape', () => {
    expect(drillToDetailDisabled(null)).toBe(false);
    expect(drillToDetailDisabled('')).toBe(false);
    expect(drillToDetailDisabled('{}')).toBe(false);
    expect(drillToDetailDisabled('not json')).toBe(false);
    expect(drillToDetailDisabled('{"disable_drill_to_detail": "yes"}')).toBe(false);
    expect(drillToDetailDisabled('[1]')).toBe(false);
  });
});
