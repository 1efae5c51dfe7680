import { describe, expect, it } from 'vitest';
import { applyPostProcessing, POST_PROCESSING_OPERATIONS } from './apply-post-processing';
import { createFrame } from './frame';
import { PostProcessingError } from './post-processing-error';

const DAY = 86_400_000;
const T0 = Date.UTC(2020, 0, 1);
const frame = createFrame(
  ['ds', 'gender', 'SUM(num)'],
  [
    { ds: T0, gender: 'boy', 'SUM(num)': 1 },
    { ds: T0, gender: 'girl', 'SUM(num)': 2 },
    { ds: T0 + 2 * DAY, gender: 'boy', 'SUM(num)': 3 },
    { ds: T0 + 2 * DAY, gender: 'girl', 'SUM(num)': 4 },
  ],
  { temporal: ['ds'] },
);

describe('applyPostProcessing', () => {
  it('runs the ECharts timeseries pipeline: pivot, rolling cumsum, resample, rename, flatten', () => {
    const result = applyPostProcessing(frame, [
      {
        operation: 'pivot',
        options: {
          index: ['ds'],
          columns: ['gender'],
          aggregates: { 'SUM(num)': { operator: 'mean' } },
          drop_missing_columns: false,
        },
      },
      { operation: 'cum', options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' } } },
      { operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_value: 0 } },
      null,
      { operation: 'rename', options: { columns: { 'SUM(num)': null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
    expect(result.columns).toEqual(['ds', 'boy', 'girl']);
    expect(result.rows).toEqual([
      { ds: T0, boy: 1, girl: 2 },
      { ds: T0 + DAY, boy: 0, girl: 0 },
      { ds: T0 + 2 * DAY, boy: 4, girl: 6 },
    ]);
  });

  it('knows every operation of the brief', () => {
    expect([...POST_PROCESSING_OPERATIONS.keys()].sort()).toEqual([
      'aggregate',
      'boxplot',
      'compare',
      'contribution',
      'cum',
      'diff',
      'flatten',
      'histogram',
      'pivot',
      'rank',
      'rename',
      'resample',
      'rolling',
      'select',
      'sort',
    ]);
  });

  it('rejects unknown operations and invalid options with PostProcessingError', () => {
    expect(() => applyPostProcessing(frame, [{ operation: 'prophet', options: {} }])).toThrow(
      'Unsupported post processing operation: prophet',
    );
    expect(() => applyPostProcessing(frame, [{ operation: '__proto__' }])).toThrow(PostProcessingError);
    expect(() => applyPostProcessing(frame, [{ operation: 'pivot', options: { index: 'ds' } }])).toThrow(
      /Invalid options for post processing operation pivot \(index\)/,
    );
    expect(() => applyPostProcessing(frame, [{ operation: 'rolling', options: { window: 2 } }])).toThrow(
      /Invalid options for post processing operation rolling \(rolling_type\)/,
    );
  });

  it('leaves the input frame untouched', () => {
    const before = JSON.stringify(frame);
    applyPostProcessing(frame, [
      { operation: 'cum', options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' } } },
      { operation: 'sort', options: { by: 'SUM(num)', ascending: false } },
      { operation: 'contribution', options: { orientation: 'column' } },
    ]);
    expect(JSON.stringify(frame)).toBe(before);
  });
});
