import { describe, expect, it } from 'vitest';
import { buildListQuery, listAfterTableChange, sortFromTable } from './list-query';

describe('buildListQuery', () => {
  it('adds a contains filter for a search and leaves it out when blank', () => {
    const base = { search: '  ex ', page: 2, sortColumn: 'changed_on', sortDirection: 'desc' as const };
    expect(buildListQuery(base, 'database_name')).toEqual({
      filters: [{ col: 'database_name', opr: 'ct', value: 'ex' }],
      order_column: 'changed_on',
      order_direction: 'desc',
      page: 2,
      page_size: 25,
    });
    const blank = buildListQuery({ ...base, search: ' ', sortColumn: undefined }, 'x');
    expect(blank.filters).toEqual([]);
    expect(blank).not.toHaveProperty('order_column');
  });
});

describe('sortFromTable', () => {
  it('maps antd orders and clears the sort when there is none', () => {
    expect(sortFromTable('database_name', 'descend')).toEqual({
      sortColumn: 'database_name',
      sortDirection: 'desc',
    });
    expect(sortFromTable('database_name', 'ascend')).toEqual({
      sortColumn: 'database_name',
      sortDirection: 'asc',
    });
    expect(sortFromTable('database_name', null)).toEqual({ sortColumn: undefined, sortDirection: 'asc' });
    expect(sortFromTable(['a', 'b'], 'ascend').sortColumn).toBeUndefined();
  });
});

describe('listAfterTableChange', () => {
  const current = { search: 'x', page: 3, sortColumn: 'name', sortDirection: 'asc' as const };

  it('follows the page antd reports while the sort stays the same', () => {
    expect(listAfterTableChange(current, 5, { columnKey: 'name', order: 'ascend' })).toEqual({
      ...current,
      page: 4,
    });
  });

  it('goes back to the first page when the sort changes, and reads the first of several sorters', () => {
    expect(listAfterTableChange(current, 5, [{ columnKey: 'email', order: 'descend' }])).toEqual({
      search: 'x',
      page: 0,
      sortColumn: 'email',
      sortDirection: 'desc',
    });
    expect(listAfterTableChange(current, 2, { columnKey: 'name', order: null })).toMatchObject({
      page: 0,
      sortColumn: undefined,
    });
  });

  it('pages a list that has no sort column, whatever direction it starts with', () => {
    const unsorted = { search: '', page: 0, sortColumn: undefined, sortDirection: 'desc' as const };
    expect(listAfterTableChange(unsorted, 2, {})).toMatchObject({ page: 1, sortColumn: undefined });
  });
});
