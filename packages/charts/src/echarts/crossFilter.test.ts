import { describe, expect, it } from 'vitest';
import { toggleCrossFilter } from './crossFilter';

describe('toggleCrossFilter', () => {
  const labels = new Map<string, unknown[]>([
    ['boy', ['boy']],
    ['CA, girl', ['CA', 'girl']],
    ['<NULL>', [null]],
  ]);
  it('selects the clicked label as an IN filter', () => {
    expect(toggleCrossFilter(['gender'], 'boy', labels, [])).toEqual({
      extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
      filterState: { label: 'boy', value: [['boy']], selectedValues: ['boy'] },
    });
  });
  it('filters each groupby column of a multi-column label', () => {
    expect(toggleCrossFilter(['state', 'gender'], 'CA, girl', labels, ['boy']).extraFormData).toEqual({
      filters: [
        { col: 'state', op: 'IN', val: ['CA'] },
        { col: 'gender', op: 'IN', val: ['girl'] },
      ],
    });
  });
  it('uses IS NULL for null values', () => {
    expect(toggleCrossFilter(['gender'], '<NULL>', labels, []).extraFormData).toEqual({
      filters: [{ col: 'gender', op: 'IS NULL' }],
    });
  });
  it('clears the filter when the selected label is clicked again', () => {
    expect(toggleCrossFilter(['gender'], 'boy', labels, ['boy'])).toEqual({
      extraFormData: { filters: [] },
      filterState: { value: null, selectedValues: null },
    });
  });
});
