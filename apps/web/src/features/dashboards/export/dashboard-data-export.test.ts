import { describe, expect, it } from 'vitest';
import { exportSummary, zipEntryName } from './dashboard-data-export';

describe('zipEntryName', () => {
  it('names files after chart titles, unique regardless of case', () => {
    const taken = new Set<string>();
    expect(zipEntryName('Sales by region', 'csv', taken)).toBe('Sales_by_region.csv');
    expect(zipEntryName('sales by region', 'csv', taken)).toBe('sales_by_region_2.csv');
    expect(zipEntryName('Sales by region', 'csv', taken)).toBe('Sales_by_region_3.csv');
    expect(zipEntryName('Sales by region', 'zip', taken)).toBe('Sales_by_region.zip');
  });

  it('drops characters file systems refuse', () => {
    expect(zipEntryName('a/b:c?', 'xlsx', new Set())).toBe('abc.xlsx');
  });
});

describe('exportSummary', () => {
  it('says nothing when every chart was saved', () => {
    expect(exportSummary({ saved: 3, failures: [] })).toBeNull();
  });

  it('warns when some charts failed and errs when none was saved', () => {
    expect(exportSummary({ saved: 2, failures: ['Pie: timeout'] })).toEqual({
      level: 'warning',
      text: 'Some charts were left out of the download. Pie: timeout',
    });
    expect(exportSummary({ saved: 0, failures: ['Pie: timeout'] })?.level).toBe('danger');
  });
});
