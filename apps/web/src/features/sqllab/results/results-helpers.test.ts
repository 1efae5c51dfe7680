import { describe, expect, it } from 'vitest';
import { formatCell, formatEpochMs } from './cell-format';
import { columnWidths, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-widths';
import { formatDuration } from './duration';
import { displayLimitNotice, limitNotice } from './limit-notice';
import { resultsAsTsv } from './results-text';
import { compareCells, nextSort, sortRowIndexes } from './sort-rows';

describe('limitNotice', () => {
  it('names what limited the rows', () => {
    expect(limitNotice('DROPDOWN', 1000)).toBe(
      'The number of rows displayed is limited to 1000 by the dropdown.',
    );
    expect(limitNotice('QUERY', 10)).toBe(
      'The number of rows displayed is limited to 10 by the LIMIT in the query.',
    );
    expect(limitNotice('QUERY_AND_DROPDOWN', 100)).toBe(
      'The number of rows displayed is limited to 100 by the LIMIT in the query and by the dropdown.',
    );
  });

  it('says nothing when the result is complete or the limit unknown', () => {
    expect(limitNotice('NOT_LIMITED', 1000)).toBeNull();
    expect(limitNotice('UNKNOWN', 1000)).toBeNull();
    expect(limitNotice('DROPDOWN', null)).toBeNull();
    expect(displayLimitNotice(10_000, 100_000)).toContain('first 10000 rows');
  });
});

describe('cells', () => {
  it('formats values by kind', () => {
    expect(formatCell(null)).toEqual({ kind: 'null', text: 'NULL' });
    expect(formatCell(1.5)).toEqual({ kind: 'number', text: '1.5' });
    expect(formatCell(false)).toEqual({ kind: 'boolean', text: 'false' });
    expect(formatCell({ a: [1] })).toEqual({ kind: 'text', text: '{"a":[1]}' });
    expect(formatCell(0, { is_dttm: true })).toEqual({ kind: 'text', text: '1970-01-01 00:00:00' });
    expect(formatEpochMs(1_500)).toBe('1970-01-01 00:00:01.500');
  });

  it('copies rows as tab-separated text with NULL as an empty field', () => {
    const columns = [
      { column_name: 'name', is_dttm: false },
      { column_name: 'num', is_dttm: false },
    ];
    const rows = [
      { name: 'Aaron', num: 1 },
      { name: 'a\tb', num: null },
    ];
    expect(resultsAsTsv(columns, rows)).toBe('name\tnum\nAaron\t1\na b\t');
    expect(resultsAsTsv(columns, rows, [1, 0])).toBe('name\tnum\na b\t\nAaron\t1');
  });

  it('sizes columns from the header and the values, within bounds', () => {
    const [narrow, wide] = columnWidths(['a', 'b'], [{ a: 1, b: 'x'.repeat(500) }]);
    expect(narrow).toBe(MIN_COLUMN_WIDTH);
    expect(wide).toBe(MAX_COLUMN_WIDTH);
  });

  it('formats durations', () => {
    expect(formatDuration(3_723_450)).toBe('01:02:03.45');
    expect(formatDuration(-5)).toBe('00:00:00.00');
  });
});

describe('sorting', () => {
  const rows = [{ v: 10 }, { v: null }, { v: 2 }, { v: 33 }, { v: 2 }];

  it('sorts numbers by value with NULLs last in both directions, ties stable', () => {
    expect(sortRowIndexes(rows, { column: 'v', direction: 'asc' })).toEqual([2, 4, 0, 3, 1]);
    expect(sortRowIndexes(rows, { column: 'v', direction: 'desc' })).toEqual([3, 0, 2, 4, 1]);
    expect(sortRowIndexes(rows, null)).toEqual([0, 1, 2, 3, 4]);
  });

  it('sorts text naturally and puts numbers before text', () => {
    expect(compareCells('item 2', 'item 10')).toBeLessThan(0);
    expect(compareCells(5, 'a')).toBeLessThan(0);
  });

  it('cycles ascending, descending, unsorted', () => {
    const asc = nextSort(null, 'v');
    expect(asc).toEqual({ column: 'v', direction: 'asc' });
    const desc = nextSort(asc, 'v');
    expect(desc).toEqual({ column: 'v', direction: 'desc' });
    expect(nextSort(desc, 'v')).toBeNull();
    expect(nextSort(desc, 'w')).toEqual({ column: 'w', direction: 'asc' });
  });
});
