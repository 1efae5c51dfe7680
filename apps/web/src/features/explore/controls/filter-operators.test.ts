import { describe, expect, it } from 'vitest';
import { defaultOperatorFor, operatorsForColumn } from './filter-operators';

const temporal = { is_dttm: true, type_generic: 2 };
const numeric = { is_dttm: false, type_generic: 0 };
const text = { is_dttm: false, type_generic: 1 };
const boolean = { is_dttm: false, type_generic: 3 };

describe('operatorsForColumn', () => {
  it('offers a date column a time range, comparisons, null checks and lists, and no LIKE or truth checks', () => {
    expect(operatorsForColumn(temporal)).toEqual([
      'TEMPORAL_RANGE',
      '==',
      '!=',
      '<',
      '>',
      '<=',
      '>=',
      'IS NULL',
      'IS NOT NULL',
      'IN',
      'NOT IN',
    ]);
    // A string column the dataset marks as its time column counts as temporal too.
    expect(operatorsForColumn({ is_dttm: true, type_generic: 1 })).toContain('TEMPORAL_RANGE');
  });

  it('offers no pattern to numbers, only truth and null checks to booleans, patterns to text', () => {
    expect(operatorsForColumn(numeric).filter((op) => op.includes('LIKE'))).toEqual([]);
    expect(operatorsForColumn(numeric)).toContain('>=');
    expect(operatorsForColumn(boolean)).toEqual(['IS TRUE', 'IS FALSE', 'IS NULL', 'IS NOT NULL']);
    expect(operatorsForColumn(text)).toEqual(expect.arrayContaining(['LIKE', 'NOT LIKE', 'ILIKE', 'IN']));
    expect(operatorsForColumn(text)).not.toContain('IS TRUE');
    expect(operatorsForColumn(text)).not.toContain('TEMPORAL_RANGE');
  });

  it('never offers a time range or latest partition to a column of unknown type', () => {
    const unknown = operatorsForColumn({ is_dttm: false, type_generic: null });
    expect(unknown).not.toContain('TEMPORAL_RANGE');
    expect(unknown).not.toContain('LATEST PARTITION');
    expect(unknown).toContain('LIKE');
  });

  it('starts a filter on a list, or on a truth check for a boolean', () => {
    expect(defaultOperatorFor(text)).toBe('IN');
    expect(defaultOperatorFor(boolean)).toBe('IS TRUE');
  });
});
