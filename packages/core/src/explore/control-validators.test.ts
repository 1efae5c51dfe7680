import { describe, expect, it } from 'vitest';
import {
  hasValidationErrors,
  mergeValidationErrors,
  parseOrderBy,
  validateControl,
  validateFormData,
  validateValue,
} from './control-validators';
import type { PanelShape } from './form-data';

const rowLimit = [{ kind: 'nonEmpty' }, { kind: 'positiveInteger' }, { kind: 'max', max: null }] as const;

describe('validateValue', () => {
  it('flags empty values with "cannot be empty"', () => {
    for (const value of [null, undefined, '', []]) {
      expect(validateValue({ kind: 'nonEmpty' }, value)).toBe('cannot be empty');
    }
    expect(validateValue({ kind: 'nonEmpty' }, ['x'])).toBeNull();
    expect(validateValue({ kind: 'nonEmpty' }, 0)).toBeNull();
  });

  it('accepts integers and digit strings, refuses the rest', () => {
    expect(validateValue({ kind: 'integer' }, 10)).toBeNull();
    expect(validateValue({ kind: 'integer' }, '25')).toBeNull();
    expect(validateValue({ kind: 'integer' }, 2.5)).toBe('is expected to be an integer');
    expect(validateValue({ kind: 'integer' }, 'ten')).toBe('is expected to be an integer');
    expect(validateValue({ kind: 'integer' }, '')).toBeNull();
  });

  it('requires positive integers', () => {
    expect(validateValue({ kind: 'positiveInteger' }, 0)).toBe('is expected to be a positive integer');
    expect(validateValue({ kind: 'positiveInteger' }, -3)).toBe('is expected to be a positive integer');
    expect(validateValue({ kind: 'positiveInteger' }, 1.5)).toBe('is expected to be an integer');
    expect(validateValue({ kind: 'positiveInteger' }, 5)).toBeNull();
  });

  it('caps at the server max row, else 100000', () => {
    expect(validateValue({ kind: 'max', max: null }, 100_000)).toBeNull();
    expect(validateValue({ kind: 'max', max: null }, 100_001)).toBe('Value cannot exceed 100000');
    expect(validateValue({ kind: 'max', max: null }, 6000, { sqlMaxRow: 5000 })).toBe(
      'Value cannot exceed 5000',
    );
    expect(validateValue({ kind: 'max', max: 10 }, '11', { sqlMaxRow: 5000 })).toBe('Value cannot exceed 10');
  });
});

describe('validateControl', () => {
  it('applies a row limit declaration in order', () => {
    expect(validateControl(rowLimit, '')).toEqual(['cannot be empty']);
    expect(validateControl(rowLimit, 'abc')).toEqual(['is expected to be an integer']);
    expect(validateControl(rowLimit, 200_000)).toEqual(['Value cannot exceed 100000']);
    expect(validateControl(rowLimit, 10_000)).toEqual([]);
  });
});

describe('parseOrderBy', () => {
  it('reads pairs and JSON-encoded pairs', () => {
    expect(parseOrderBy([['num', false], '["name", true]'])).toEqual([
      ['num', false],
      ['name', true],
    ]);
    expect(parseOrderBy(undefined)).toEqual([]);
  });

  it('refuses malformed entries', () => {
    expect(parseOrderBy(['["num"'])).toBeNull();
    expect(parseOrderBy([['num', 'desc']])).toBeNull();
    expect(parseOrderBy('num')).toBeNull();
  });
});

describe('validateFormData', () => {
  const panel: PanelShape = {
    sections: [
      {
        controlSetRows: [
          [{ name: 'metrics', validators: [{ kind: 'nonEmpty' }] }],
          [{ name: 'row_limit', validators: rowLimit }],
          [
            {
              name: 'series_limit',
              validators: [{ kind: 'positiveInteger' }],
              visibility: (formData) => formData.groupby !== undefined,
            },
          ],
        ],
      },
    ],
  };

  it('reports visible controls and bad orderby', () => {
    const errors = validateFormData(panel, {
      metrics: [],
      row_limit: 0,
      series_limit: -1,
      orderby: ['nope'],
    });
    expect(errors).toEqual({
      metrics: ['cannot be empty'],
      row_limit: ['is expected to be a positive integer'],
      orderby: ['Found invalid orderby options'],
    });
    expect(hasValidationErrors(errors)).toBe(true);
  });

  it('validates a control once it becomes visible and passes valid forms', () => {
    expect(
      validateFormData(panel, { metrics: ['count'], row_limit: 10, groupby: [], series_limit: -1 }),
    ).toEqual({
      series_limit: ['is expected to be a positive integer'],
    });
    expect(hasValidationErrors(validateFormData(panel, { metrics: ['count'], row_limit: 10 }))).toBe(false);
  });

  it('merges errors from several sources without repeats', () => {
    expect(mergeValidationErrors({ a: ['x'] }, { a: ['x', 'y'], b: ['z'] })).toEqual({
      a: ['x', 'y'],
      b: ['z'],
    });
  });
});
