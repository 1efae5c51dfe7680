import type { QueryObject } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { distinctValuesQueryOf, foldedValues, matchingRows } from './distinct-values';

const count = { expressionType: 'SQL' as const, sqlExpression: 'COUNT(*)', label: 'count' };
const options = (patch: Partial<QueryObject> = {}): QueryObject => ({
  columns: ['name'],
  metrics: [count],
  filters: [
    { col: 'gender', op: 'IN', val: ['boy'] },
    { col: 'name', op: 'ILIKE', val: '%Jo%' },
  ],
  orderby: [['name', true]],
  row_limit: 100,
  row_offset: 200,
  ...patch,
});

describe('distinctValuesQueryOf', () => {
  it('takes the search out of the whole list, which is read from the start past the size asked', () => {
    expect(distinctValuesQueryOf(options(), 1000)).toEqual({
      base: options({ filters: [{ col: 'gender', op: 'IN', val: ['boy'] }], row_limit: 1001, row_offset: 0 }),
      column: 'name',
      search: 'Jo',
      offset: 200,
    });
  });

  it('a first page without search reads the same list', () => {
    const first = distinctValuesQueryOf(
      options({ filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }),
      10,
    );
    expect(first?.search).toBeNull();
    expect(first?.base).toEqual(distinctValuesQueryOf(options(), 10)?.base);
  });

  it('leaves to SQL the searches it could match differently from the engine', () => {
    for (const val of ['%a_b%', '%50%%', '%a\\b%', '%café%', '%%', 'Jo%', '%Jo', ['%a%', '%b%'], 3])
      expect(distinctValuesQueryOf(options({ filters: [{ col: 'name', op: 'ILIKE', val }] }), 10)).toBeNull();
    expect(
      distinctValuesQueryOf(options({ filters: [{ col: 'name', op: 'ILIKE', val: ['%Jo%'] }] }), 10)?.search,
    ).toBe('Jo');
  });

  it('keeps LIKE filters and ILIKE filters on other columns in the list', () => {
    const filters = [
      { col: 'name', op: 'LIKE' as const, val: 'J%' },
      { col: 'state', op: 'ILIKE' as const, val: '%ca%' },
    ];
    const found = distinctValuesQueryOf(options({ filters }), 10);
    expect(found?.search).toBeNull();
    expect(found?.base.filters).toEqual(filters);
  });

  it('is not a list for anything whose page is not a slice of the whole', () => {
    const notLists: Partial<QueryObject>[] = [
      { columns: ['name', 'state'] },
      { columns: [{ sqlExpression: 'name', label: 'n' }] },
      { columns: [] },
      { metrics: [] },
      { is_timeseries: true },
      { is_rowcount: true },
      { time_offsets: ['1 year ago'] },
      { post_processing: [{ operation: 'sort' }] },
      { series_limit: 5 },
      { timeseries_limit: 5 },
      {
        filters: [
          { col: 'name', op: 'ILIKE', val: '%a%' },
          { col: 'name', op: 'ILIKE', val: '%b%' },
        ],
      },
    ];
    for (const patch of notLists)
      expect(distinctValuesQueryOf(options(patch), 10), JSON.stringify(patch)).toBeNull();
    expect(distinctValuesQueryOf(options({ columns: undefined, groupby: ['name'] }), 10)?.column).toBe(
      'name',
    );
  });
});

describe('in-memory ILIKE', () => {
  it('matches ASCII case-insensitively, never NULL, in list order, up to the rows wanted', () => {
    const folded = foldedValues('postgresql', ['Joan', null, 'ajOx', 'bob', 'JO', 'Éjo']);
    expect(folded).toEqual(['joan', null, 'ajox', 'bob', 'jo', 'Éjo']);
    expect(matchingRows(folded ?? [], 'jO')).toEqual([0, 2, 4, 5]);
    expect(matchingRows(folded ?? [], 'jO', 2)).toEqual([0, 2]);
    expect(matchingRows(folded ?? [], 'zz')).toEqual([]);
  });

  it('refuses lists whose matching the engine could do differently', () => {
    expect(foldedValues('postgresql', ['a', 1])).toBeNull();
    expect(foldedValues('duckdb', ['a', true])).toBeNull();
    expect(foldedValues('mysql', ['a'])).toBeNull();
    // Unicode lower-cases these into ASCII letters; PostgreSQL and DuckDB would match them on 'i' / 'k'.
    expect(foldedValues('postgresql', ['\u0130stanbul'])).toBeNull();
    expect(foldedValues('duckdb', ['5 \u212a'])).toBeNull();
    // SQLite's LOWER and LIKE fold ASCII only: the same characters match nothing ASCII there.
    expect(foldedValues('sqlite', ['\u0130stanbul'])).toEqual(['\u0130stanbul']);
  });
});
