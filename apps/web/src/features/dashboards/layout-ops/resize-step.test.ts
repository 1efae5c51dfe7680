import { GRID_MAX_ROW_UNITS, GRID_MIN_ROW_UNITS } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { chartMeta, layoutOf, ok, refusal, sampleLayout, withMeta } from './fixtures.test-helpers';
import { NOT_ENOUGH_SPACE } from './messages';
import { resizeByStep } from './resize-step';

describe('resizeByStep', () => {
  it('widens and narrows by one column', () => {
    const wider = resizeByStep(sampleLayout(), 'CHART-1', { columns: 1 });
    expect(ok(wider.result)['CHART-1']?.meta?.width).toBe(5);
    expect(wider).toMatchObject({ width: 5, height: 50 });
    const narrower = resizeByStep(sampleLayout(), 'CHART-1', { columns: -1 });
    expect(ok(narrower.result)['CHART-1']?.meta?.width).toBe(3);
  });

  it('refuses to grow past what the row leaves with the not-enough-space warning', () => {
    const full = withMeta(sampleLayout(), 'CHART-2', chartMeta(2, 8));
    expect(refusal(resizeByStep(full, 'CHART-1', { columns: 1 }).result)).toBe(NOT_ENOUGH_SPACE);
    const whole = withMeta(sampleLayout(), 'CHART-3', chartMeta(3, 12));
    expect(refusal(resizeByStep(whole, 'CHART-3', { columns: 1 }).result)).toBe(NOT_ENOUGH_SPACE);
  });

  it('stops at the minimum width; a column no narrower than its widest child', () => {
    const narrow = withMeta(sampleLayout(), 'CHART-1', chartMeta(1, 1));
    const outcome = resizeByStep(narrow, 'CHART-1', { columns: -1 });
    expect(outcome).toMatchObject({ limit: 'narrowest', width: 1 });
    expect('layout' in outcome.result && outcome.result.layout).toBe(narrow);

    const column = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['COLUMN-1'], {}],
      ['COLUMN-1', 'COLUMN', ['CHART-1'], { width: 4 }],
      ['CHART-1', 'CHART', [], chartMeta(1, 4)],
    );
    expect(resizeByStep(column, 'COLUMN-1', { columns: -1 })).toMatchObject({ limit: 'narrowest' });
    expect(ok(resizeByStep(column, 'COLUMN-1', { columns: 1 }).result)['COLUMN-1']?.meta?.width).toBe(5);
    // A chart in a column may not outgrow the column.
    expect(refusal(resizeByStep(column, 'CHART-1', { columns: 1 }).result)).toBe(NOT_ENOUGH_SPACE);
  });

  it('changes the height by one grid unit within its bounds', () => {
    expect(ok(resizeByStep(sampleLayout(), 'CHART-1', { rows: 1 }).result)['CHART-1']?.meta?.height).toBe(51);
    expect(ok(resizeByStep(sampleLayout(), 'CHART-1', { rows: -1 }).result)['CHART-1']?.meta?.height).toBe(
      49,
    );
    const low = withMeta(sampleLayout(), 'CHART-1', chartMeta(1, 4, GRID_MIN_ROW_UNITS));
    expect(resizeByStep(low, 'CHART-1', { rows: -1 })).toMatchObject({ limit: 'shortest' });
    const high = withMeta(sampleLayout(), 'CHART-1', chartMeta(1, 4, GRID_MAX_ROW_UNITS));
    expect(resizeByStep(high, 'CHART-1', { rows: 1 })).toMatchObject({ limit: 'tallest' });
  });

  it('leaves a column alone on a height step (columns have no height)', () => {
    const column = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['COLUMN-1'], {}],
      ['COLUMN-1', 'COLUMN', [], { width: 4 }],
    );
    const outcome = resizeByStep(column, 'COLUMN-1', { rows: 1 });
    expect('layout' in outcome.result && outcome.result.layout).toBe(column);
  });
});
